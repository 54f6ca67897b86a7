import { and, eq } from 'drizzle-orm';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { files } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { type FileStore } from '../storage/store.js';
import { UPLOAD_KINDS } from '@app/contract';
import { blocksUserDelete, fileUse } from './file-in-use.js';
import { keyOfFileUrl } from './file-urls.js';

export const DeleteFileMessage = {
  notFound: '文件不存在',
  inUse: '文件正在使用，无法删除',
} as const;

/**
 * Removes a file the user uploaded (docs/api.md, /api/v1/video_task/delete_file_url): its row, then its bytes. A URL we
 * did not issue, a key we do not know, another user's file and a file the server made all answer
 * the same rspCode 4 (docs/api.md "Conventions": "not found, or not yours"); a file still in use, rspCode 5.
 */
export async function deleteUserFile(
  deps: { db: Db; store: FileStore; config: Pick<ServerConfig, 's3'> },
  userId: number,
  url: string,
): Promise<void> {
  const key = keyOfFileUrl(deps.config, url);
  if (key === null) throw new BusinessError(RspCode.notFound, DeleteFileMessage.notFound);

  await deps.db.transaction(async (tx) => {
    // Locked, so two deletes (or a delete and a task taking the file) do not both go ahead.
    const [row] = await tx
      .select({ kind: files.kind })
      .from(files)
      .where(and(eq(files.key, key), eq(files.userId, userId)))
      .for('update');
    // Only what users upload themselves: videos and covers are the server's and go with their task.
    if (!row || !(UPLOAD_KINDS as readonly string[]).includes(row.kind)) throw new BusinessError(RspCode.notFound, DeleteFileMessage.notFound);
    if (blocksUserDelete(await fileUse(tx, { url: deps.store.fileUrl(key), userId }))) {
      throw new BusinessError(RspCode.notAllowed, DeleteFileMessage.inUse);
    }
    await tx.delete(files).where(eq(files.key, key));
  });
  // After the row is gone nothing refers to the bytes; if removing them fails they are only an orphan.
  await deps.store.delete(key);
}
