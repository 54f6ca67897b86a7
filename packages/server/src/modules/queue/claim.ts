import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { videoTasks } from '../../db/schema.js';
import { endWithRefund } from '../tasks/end-with-refund.js';
import type { TaskRow } from '../tasks/video-task.js';
import { CLAIM_ORDER } from './claim-order.js';

export interface Lease {
  /** Who holds the claimed task (unique per worker and process). */
  owner: string;
  /** How long a claim lasts without renewal: a worker that died lets go of its task after this. */
  leaseMs: number;
  /** Claims a task gets; one whose workers keep dying then fails (with its refund). */
  maxAttempts: number;
}

/** What a task whose workers died too often tells the user. */
export const EXHAUSTED_MESSAGE = '视频生成失败，积分已退还';

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/**
 * Takes the next task for `lease.owner`: a queued one, or a processing one whose lease ran out
 * (its worker died) with attempts left; members first, then oldest. FOR UPDATE SKIP LOCKED lets
 * any number of workers claim at once, each getting a different task, none waiting on another.
 */
export async function claimNextTask(db: Db, lease: Lease): Promise<TaskRow | null> {
  const next = sql`(
    SELECT q.id FROM video_tasks q
    WHERE q.status = 'queued'
      OR (q.status = 'processing' AND q.lease_expires_at < now() AND q.attempts < ${lease.maxAttempts})
    ORDER BY ${CLAIM_ORDER}
    LIMIT 1
    FOR UPDATE SKIP LOCKED
  )`;
  const [task] = await db
    .update(videoTasks)
    .set({
      status: 'processing',
      progress: 0,
      leaseOwner: lease.owner,
      leaseExpiresAt: leaseEnd(lease.leaseMs),
      attempts: sql`${videoTasks.attempts} + 1`,
      startedAt: sql`now()`,
    })
    .where(eq(videoTasks.id, next))
    .returning();
  return task ?? null;
}

/** Fails (with refunds) the tasks whose lease ran out on their last attempt: no worker will take them again. */
export async function failExhaustedTasks(db: Db, maxAttempts: number): Promise<TaskRow[]> {
  return db.transaction((tx) =>
    endWithRefund(tx, and(eq(videoTasks.status, 'processing'), lt(videoTasks.leaseExpiresAt, sql`now()`), gte(videoTasks.attempts, maxAttempts)), {
      status: 'failed',
      errorMsg: EXHAUSTED_MESSAGE,
    }),
  );
}
