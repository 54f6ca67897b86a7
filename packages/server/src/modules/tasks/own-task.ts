import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { videoTasks } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';

/** docs/api.md "Conventions" (rspCode 4): another user's task answers exactly as a missing one. */
export const TASK_NOT_FOUND = '视频不存在';

/** The id of an API task id (a string of digits), or null when it cannot be one. */
export function parseTaskId(id: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(id)) return null;
  const numeric = Number(id);
  return Number.isSafeInteger(numeric) ? numeric : null;
}

/** `WHERE` of the caller's own task that is not deleted. */
export function ownTask(userId: number, taskId: number) {
  return and(eq(videoTasks.id, taskId), eq(videoTasks.userId, userId), isNull(videoTasks.deletedAt));
}

/** The numeric id of the caller's own live (not deleted) task, or rspCode 4. */
export async function requireOwnTaskId(db: Queryable, userId: number, id: string): Promise<number> {
  const taskId = parseTaskId(id);
  const [row] = taskId === null ? [] : await db.select({ id: videoTasks.id }).from(videoTasks).where(ownTask(userId, taskId));
  if (!row) throw new BusinessError(RspCode.notFound, TASK_NOT_FOUND);
  return row.id;
}
