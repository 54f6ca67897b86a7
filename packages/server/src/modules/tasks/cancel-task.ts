import type { Db } from '../../db/database.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import type { TaskSignals } from '../queue/signals.js';
import type { FileStore } from '../storage/store.js';
import { endWithRefund } from './end-with-refund.js';
import { ownTask, requireOwnTaskId, TASK_NOT_FOUND } from './own-task.js';
import { loadVideoTask } from './task-views.js';
import type { VideoTask } from '@app/contract';

export const CANNOT_CANCEL = '视频已结束，无法取消';

/**
 * Cancels the caller's queued or processing task and refunds it (once, however many cancels race).
 * The worker rendering it hears the signal and aborts; failing that, its next progress update or
 * lease renewal finds the task no longer its own. Anything already ended: rspCode 5.
 */
export async function cancelTask(deps: { db: Db; store: FileStore; signals: TaskSignals }, userId: number, id: string): Promise<VideoTask> {
  const taskId = await requireOwnTaskId(deps.db, userId, id);
  const ended = await deps.db.transaction((tx) => endWithRefund(tx, ownTask(userId, taskId), { status: 'cancelled' }));
  if (ended.length === 0) throw new BusinessError(RspCode.notAllowed, CANNOT_CANCEL);
  await deps.signals.cancelled(taskId);
  const task = await loadVideoTask(deps.db, (key) => deps.store.fileUrl(key), userId, taskId);
  // Deleted between the cancel and this read: as gone as any other deleted task.
  if (!task) throw new BusinessError(RspCode.notFound, TASK_NOT_FOUND);
  return task;
}
