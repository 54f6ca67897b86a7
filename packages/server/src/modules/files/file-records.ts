import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { files, type FileKind } from '../../db/schema.js';

// The `files` table: one row per key the server handed out or wrote, saying whose file it is.
// The stores hold bytes; these rows hold ownership, and (once the bytes are checked) type and size.

export type FileRow = typeof files.$inferSelect;

/** A key given out in an upload policy: the user's, not uploaded yet. */
export async function recordIssuedKey(db: Queryable, file: { key: string; userId: number; kind: FileKind }, now = new Date()): Promise<void> {
  await db.insert(files).values({ ...file, createdAt: now });
}

export async function findFile(db: Queryable, key: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.key, key)).limit(1);
  return row ?? null;
}

/**
 * Marks a key uploaded with the checked type and size — once: a second upload under the same
 * policy finds the row taken and gets false, so a stored file is never replaced.
 */
export async function claimUpload(
  db: Queryable,
  upload: { key: string; userId: number; contentType: string; size: number },
  now = new Date(),
): Promise<boolean> {
  const claimed = await db
    .update(files)
    .set({ contentType: upload.contentType, size: upload.size, uploadedAt: now })
    .where(and(eq(files.key, upload.key), eq(files.userId, upload.userId), isNull(files.uploadedAt)))
    .returning({ key: files.key });
  return claimed.length > 0;
}

/** Undoes `claimUpload` when the bytes could not be put in place after all. */
export async function releaseUpload(db: Queryable, key: string): Promise<void> {
  await db.update(files).set({ contentType: null, size: null, uploadedAt: null }).where(eq(files.key, key));
}
