import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { videoTasks } from '../../db/schema.js';

/** `WHERE` of a task this worker still holds: processing under its lease (not cancelled, not taken over). */
export function heldBy(taskId: number, owner: string) {
  return and(eq(videoTasks.id, taskId), eq(videoTasks.leaseOwner, owner), eq(videoTasks.status, 'processing'));
}

/** Extends the lease; false when the task is no longer this worker's to render. */
export async function renewLease(db: Db, taskId: number, owner: string, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(videoTasks)
    .set({ leaseExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(heldBy(taskId, owner))
    .returning({ id: videoTasks.id });
  return renewed.length > 0;
}

/** Stores the progress; false when the task is no longer this worker's to render. */
export async function reportProgress(db: Db, taskId: number, owner: string, progress: number): Promise<boolean> {
  const updated = await db.update(videoTasks).set({ progress }).where(heldBy(taskId, owner)).returning({ id: videoTasks.id });
  return updated.length > 0;
}

/**
 * Puts a task back in the queue when its worker stops on purpose (shutdown): another worker takes
 * it at once instead of after the lease, and the attempt is not counted against the task.
 */
export async function releaseTask(db: Db, taskId: number, owner: string): Promise<boolean> {
  const released = await db
    .update(videoTasks)
    .set({
      status: 'queued',
      progress: 0,
      leaseOwner: null,
      leaseExpiresAt: null,
      startedAt: null,
      attempts: sql`greatest(${videoTasks.attempts} - 1, 0)`,
    })
    .where(heldBy(taskId, owner))
    .returning({ id: videoTasks.id });
  return released.length > 0;
}
