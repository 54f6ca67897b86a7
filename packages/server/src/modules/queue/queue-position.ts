import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { videoTasks } from '../../db/schema.js';
import { type TaskStatus } from '@app/contract';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { ownTask, parseTaskId, TASK_NOT_FOUND } from '../tasks/own-task.js';
import { queuePositionSql } from './claim-order.js';

export interface QueuePosition {
  status: TaskStatus;
  /** 1-based while queued, else 0. */
  position: number;
  /** Tasks queued now, everyone's. */
  total: number;
  estimatedWaitSeconds: number;
}

/** Renders averaged for the estimate: recent enough to follow the machine, enough to smooth one odd task. */
const RECENT_RENDERS = 20;
/** With no render finished yet, a guess: rendering takes about 1.5 × the video's length. */
const GUESS_PER_VIDEO_SECOND = 1.5;

/**
 * Where the caller's task stands. The wait counts every task a worker takes before this one and
 * every render running now (they hold the workers), times the recent average render time, shared
 * among the workers: those configured here, or more when more hold live leases (other machines).
 */
export async function getQueuePosition(db: Db, userId: number, id: string, configuredWorkers: number): Promise<QueuePosition> {
  const taskId = parseTaskId(id);
  const [task] =
    taskId === null
      ? []
      : await db.select({ status: videoTasks.status, duration: videoTasks.duration, position: queuePositionSql }).from(videoTasks).where(ownTask(userId, taskId));
  if (!task) throw new BusinessError(RspCode.notFound, TASK_NOT_FOUND);

  const [queued] = await db.select({ n: count() }).from(videoTasks).where(eq(videoTasks.status, 'queued'));
  const total = queued?.n ?? 0;
  if (task.status !== 'queued') return { status: task.status, position: 0, total, estimatedWaitSeconds: 0 };

  const [running] = await db
    .select({ n: count() })
    .from(videoTasks)
    .where(and(eq(videoTasks.status, 'processing'), gt(videoTasks.leaseExpiresAt, sql`now()`)));
  const busy = running?.n ?? 0;
  const perTask = (await recentRenderSeconds(db)) ?? task.duration * GUESS_PER_VIDEO_SECOND;
  const workers = Math.max(1, configuredWorkers, busy);
  const estimatedWaitSeconds = Math.ceil((perTask * (task.position - 1 + busy)) / workers);
  return { status: task.status, position: task.position, total, estimatedWaitSeconds };
}

/** The average render time of the last renders that succeeded, in seconds; null when there are none. */
async function recentRenderSeconds(db: Db): Promise<number | null> {
  const recent = db
    .select({ seconds: sql<number>`extract(epoch FROM ${videoTasks.finishedAt} - ${videoTasks.startedAt})`.as('seconds') })
    .from(videoTasks)
    .where(and(eq(videoTasks.status, 'succeeded'), sql`${videoTasks.startedAt} IS NOT NULL`))
    .orderBy(sql`${videoTasks.finishedAt} DESC`)
    .limit(RECENT_RENDERS)
    .as('recent');
  const [row] = await db.select({ average: sql<string | null>`avg(${recent.seconds})` }).from(recent);
  return row?.average == null ? null : Number(row.average);
}
