import type { Queryable } from '../../db/database.js';
import { recordIssuedKey } from '../files/file-records.js';
import type { FileStore, UploadKind, UploadPolicy } from './store.js';

/**
 * An upload policy for the user, its key recorded as theirs first: whatever the store, the server
 * later knows whose file a URL is (delete_file_url, avatars, task images) from the files table.
 */
export async function issueUploadPolicy(
  db: Queryable,
  store: FileStore,
  request: { userId: number; kind: UploadKind; now?: Date },
): Promise<UploadPolicy> {
  const policy = await store.createUploadPolicy(request);
  await recordIssuedKey(db, { key: policy.key, userId: request.userId, kind: request.kind }, request.now);
  return policy;
}
