import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { videoTasks } from '../../db/schema.js';
import type { TaskStatus, VideoTask } from '@app/contract';
import { queuePositionSql } from '../queue/claim-order.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { ownTask, parseTaskId, TASK_NOT_FOUND } from './own-task.js';
import { toVideoTask } from './video-task.js';

type FileUrl = (key: string) => string;

/** The caller's task as docs/api.md shows it (with its queue position), or null when it is not theirs or deleted. */
export async function loadVideoTask(db: Queryable, fileUrl: FileUrl, userId: number, taskId: number): Promise<VideoTask | null> {
  const [row] = await db.select({ task: videoTasks, position: queuePositionSql }).from(videoTasks).where(ownTask(userId, taskId));
  return row ? toVideoTask(row.task, row.position, fileUrl) : null;
}

/** The caller's task by its API id, or rspCode 4 (unknown, another user's, deleted: one answer). */
export async function getVideoTask(db: Queryable, fileUrl: FileUrl, userId: number, id: string): Promise<VideoTask> {
  const taskId = parseTaskId(id);
  const task = taskId === null ? null : await loadVideoTask(db, fileUrl, userId, taskId);
  if (!task) throw new BusinessError(RspCode.notFound, TASK_NOT_FOUND);
  return task;
}

/** A page of the caller's tasks, newest first (ids grow with every save), without the deleted ones. */
export async function listVideoTasks(
  db: Queryable,
  fileUrl: FileUrl,
  userId: number,
  filter: { status?: TaskStatus },
  page: number,
  pageSize: number,
): Promise<{ list: VideoTask[]; total: number }> {
  const where = and(eq(videoTasks.userId, userId), isNull(videoTasks.deletedAt), filter.status && eq(videoTasks.status, filter.status));
  const [totalRow] = await db.select({ total: count() }).from(videoTasks).where(where);
  const rows = await db
    .select({ task: videoTasks, position: queuePositionSql })
    .from(videoTasks)
    .where(where)
    .orderBy(desc(videoTasks.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { list: rows.map((row) => toVideoTask(row.task, row.position, fileUrl)), total: totalRow?.total ?? 0 };
}
