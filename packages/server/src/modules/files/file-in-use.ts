import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { users } from '../../db/schema.js';

/** A stored file as the in-use checks see it. */
export interface FileRef {
  key: string;
  /** Its URL as the server issued it (what other rows store). */
  url: string;
  userId: number;
}

/**
 * True when something still shows the file, so deleting it would break that (docs/api.md,
 * /api/v1/video_task/delete_file_url answers rspCode 5 for a file still in use). Checks run inside the
 * transaction that deletes the file's row, with that row locked.
 */
export type FileInUseCheck = (db: Queryable, file: FileRef) => Promise<boolean>;

/** The user's current avatar (change_info stores the URL). */
const isOwnersAvatar: FileInUseCheck = async (db, file) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, file.userId), eq(users.avatar, file.url)))
    .limit(1);
  return row !== undefined;
};

const checks = new Set<FileInUseCheck>([isOwnersAvatar]);

/**
 * Adds a reason a file may be in use; returns what removes it again. Video tasks (issue 4) add
 * "an image of a queued or processing task" here — and should take their images' `files` rows
 * FOR SHARE when saving a task, so a delete running at the same time waits for them.
 */
export function addFileInUseCheck(check: FileInUseCheck): () => void {
  checks.add(check);
  return () => void checks.delete(check);
}

export async function isFileInUse(db: Queryable, file: FileRef): Promise<boolean> {
  for (const check of checks) {
    if (await check(db, file)) return true;
  }
  return false;
}
