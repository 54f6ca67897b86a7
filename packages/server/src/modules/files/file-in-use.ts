import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { users, videoTasks } from '../../db/schema.js';
import { LIVE_TASK_STATUSES } from '@app/contract';

/** A user's upload, as the rows that use it store it: by its owner and the URL the server issued. */
export interface UserFile {
  userId: number;
  url: string;
}

/**
 * What still uses a user's upload — the one definition, read by everything that removes files:
 * - `avatar`: it is its owner's current avatar (change_info stores the URL);
 * - `live-task`: it is a picture, or the music, of a task still queued or processing (the render needs it);
 * - `task`: it is a picture or the music of another task not deleted (its detail still shows it);
 * - null: nothing uses it.
 *
 * delete_file_url (modules/files/delete-user-file) refuses `avatar` and `live-task` — a user may
 * take a picture off a finished video; the sweep of abandoned uploads (sweep-uploads) keeps every
 * use. Both ask inside the transaction that deletes the file's row, with that row locked; a task
 * being saved holds its pictures' rows FOR SHARE (modules/tasks/save-task), so neither misses it.
 */
export type FileUse = 'avatar' | 'live-task' | 'task' | null;

export async function fileUse(db: Queryable, file: UserFile): Promise<FileUse> {
  const [avatar] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, file.userId), eq(users.avatar, file.url)))
    .limit(1);
  if (avatar) return 'avatar';
  const tasks = await db
    .select({ status: videoTasks.status })
    .from(videoTasks)
    .where(
      and(
        eq(videoTasks.userId, file.userId),
        isNull(videoTasks.deletedAt),
        or(sql`${videoTasks.images} @> ${JSON.stringify([file.url])}::jsonb`, eq(videoTasks.music, file.url)),
      ),
    );
  if (tasks.length === 0) return null;
  return tasks.some((task) => LIVE_TASK_STATUSES.includes(task.status)) ? 'live-task' : 'task';
}

/** Whether the owner's delete_file_url must refuse (rspCode 5): something needs the file now. */
export function blocksUserDelete(use: FileUse): boolean {
  return use === 'avatar' || use === 'live-task';
}
