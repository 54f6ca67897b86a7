import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { files, videoTasks } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import type { TaskSignals } from '../queue/signals.js';
import type { FileStore } from '../storage/store.js';
import { endWithRefund } from './end-with-refund.js';
import { ownTask, parseTaskId, TASK_NOT_FOUND } from './own-task.js';
import { taskOutputKeys } from './task-outputs.js';

/**
 * Deletes the caller's task: a live one is cancelled (with its refund) first; the task is then
 * hidden for good (soft delete: the ledger rows keep pointing at it) and its rendered files are
 * removed from storage.
 */
export async function deleteTask(deps: { db: Db; store: FileStore; signals: TaskSignals }, userId: number, id: string): Promise<void> {
  const wanted = parseTaskId(id);
  const { taskId, wasLive } = await deps.db.transaction(async (tx) => {
    // Locked, so a second delete (or a cancel) running now waits and then finds it gone.
    const [task] = wanted === null ? [] : await tx.select({ id: videoTasks.id }).from(videoTasks).where(ownTask(userId, wanted)).for('update');
    if (!task) throw new BusinessError(RspCode.notFound, TASK_NOT_FOUND);
    const ended = await endWithRefund(tx, eq(videoTasks.id, task.id), { status: 'cancelled' });
    await tx.update(videoTasks).set({ deletedAt: sql`now()` }).where(eq(videoTasks.id, task.id));
    const keys = taskOutputKeys(task.id);
    await tx.delete(files).where(inArray(files.key, [keys.video, keys.cover]));
    return { taskId: task.id, wasLive: ended.length > 0 };
  });
  if (wasLive) await deps.signals.cancelled(taskId);
  const keys = taskOutputKeys(taskId);
  // After the commit nothing refers to them; if removing fails they are only orphans.
  await Promise.all([deps.store.delete(keys.video), deps.store.delete(keys.cover)]);
}
