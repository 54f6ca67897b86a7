import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { files } from '../../db/schema.js';
import { type FileStore } from '../storage/store.js';
import { UPLOAD_KINDS } from '@app/contract';
import { fileUse } from './file-in-use.js';

// Pictures uploaded into a form that was then left, avatars replaced by newer ones, upload
// policies never used: nothing refers to them, and without this they would stay in storage for
// good. Only users' own uploads are swept (never the server's videos, covers or template
// samples), only once they are older than the retention, and only when nothing uses them in any
// way file-in-use names (an avatar, a picture of any task not deleted).

const BATCH = 100;

export interface SweepDeps {
  db: Db;
  store: Pick<FileStore, 'fileUrl' | 'delete'>;
  log?: { warn(details: object, message: string): void };
}

/**
 * Deletes the uploads issued before `before` that nothing refers to: each row in its own
 * transaction, locked and checked again there, then the bytes. A row someone holds is skipped
 * until the next sweep: another sweep's, or a task being saved with it (save_task holds its
 * pictures' rows FOR SHARE until it commits). A save that comes after the row is gone is refused
 * (图片地址无效) and takes nothing. Answers how many uploads it removed.
 */
export async function sweepAbandonedUploads(deps: SweepDeps, before: Date): Promise<number> {
  let removed = 0;
  let after = '';
  for (;;) {
    const page = await deps.db
      .select({ key: files.key })
      .from(files)
      .where(and(inArray(files.kind, [...UPLOAD_KINDS]), lt(files.createdAt, before), gt(files.key, after)))
      .orderBy(asc(files.key))
      .limit(BATCH);
    for (const { key } of page) {
      if (await removeIfAbandoned(deps, key)) removed += 1;
    }
    if (page.length < BATCH) return removed;
    after = page.at(-1)!.key;
  }
}

async function removeIfAbandoned(deps: SweepDeps, key: string): Promise<boolean> {
  const url = deps.store.fileUrl(key);
  const gone = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: files.userId })
      .from(files)
      .where(eq(files.key, key))
      .for('update', { skipLocked: true });
    if (!row || row.userId === null || (await fileUse(tx, { userId: row.userId, url })) !== null) return false;
    await tx.delete(files).where(eq(files.key, key));
    return true;
  });
  if (!gone) return false;
  // The row is gone, so nothing can take the file any more; bytes that fail to go are only an orphan.
  await deps.store.delete(key).catch((err: unknown) => deps.log?.warn({ err, key }, 'could not remove an abandoned upload'));
  return true;
}
