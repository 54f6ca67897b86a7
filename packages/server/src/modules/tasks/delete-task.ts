import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { files, shareLinks, videoTasks } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import type { TaskSignals } from '../queue/signals.js';
import type { FileStore } from '../storage/store.js';
import { storedClipKeys } from '../clips/task-clips.js';
import { endWithRefund } from './end-with-refund.js';
import { ownTask, parseTaskId, TASK_NOT_FOUND } from './own-task.js';
import { taskOutputKeys } from './task-outputs.js';
import { thumbnailKeys } from '../storage/thumbnails.js';

/**
 * Deletes the caller's task: a live one is cancelled (with its refund) first; the task is then
 * hidden for good (soft delete: the ledger rows keep pointing at it) and its rendered files are
 * removed from storage (and a hosted model's clips kept for it).
 */
export async function deleteTask(deps: { db: Db; store: FileStore; signals: TaskSignals }, userId: number, id: string): Promise<void> {
  const wanted = parseTaskId(id);
  const { taskId, wasLive, keys } = await deps.db.transaction(async (tx) => {
    // Locked, so a second delete (or a cancel) running now waits and then finds it gone.
    const [task] =
      wanted === null
        ? []
        : await tx
            .select({ id: videoTasks.id, outputToken: videoTasks.outputToken, videoKey: videoTasks.videoKey, coverKey: videoTasks.coverKey })
            .from(videoTasks)
            .where(ownTask(userId, wanted))
            .for('update');
    if (!task) throw new BusinessError(RspCode.notFound, TASK_NOT_FOUND);
    const ended = await endWithRefund(tx, eq(videoTasks.id, task.id), { status: 'cancelled' });
    await tx.update(videoTasks).set({ deletedAt: sql`now()` }).where(eq(videoTasks.id, task.id));
    // Its public page ends with it.
    await tx.delete(shareLinks).where(eq(shareLinks.taskId, task.id));
    // Where this task's renders go, and where its row says they are (the same, once any old
    // `tasks/<id>/` files have been moved at start-up: ./legacy-outputs).
    const outputs = taskOutputKeys(task.outputToken);
    const covers = [...new Set([outputs.cover, task.coverKey].filter((key): key is string => key !== null))];
    const keys = [...new Set([outputs.video, task.videoKey, ...covers].filter((key): key is string => key !== null))];
    await tx.delete(files).where(inArray(files.key, keys));
    // The covers' thumbnails (storage/thumbnails) go with them: no row, only files.
    keys.push(...covers.flatMap(thumbnailKeys));
    return { taskId: task.id, wasLive: ended.length > 0, keys };
  });
  if (wasLive) await deps.signals.cancelled(taskId);
  // After the commit nothing refers to them; if removing fails they are only orphans.
  await Promise.all([...keys, ...(await storedClipKeys(deps.db, taskId))].map((key) => deps.store.delete(key)));
}
