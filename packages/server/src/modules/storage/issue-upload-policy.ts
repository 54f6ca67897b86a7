import type { Queryable } from '../../db/database.js';
import { recordIssuedKey } from '../files/file-records.js';
import { countAttempt, type Limit } from '../rate-limit/rate-limit.js';
import type { FileStore } from './store.js';
import { type UploadKind, type UploadPolicy } from '@app/contract';

/**
 * Upload policies one user may take: 60 per 10 minutes (then 429). Each policy lets its holder
 * store up to 10 MiB; a video form's 9 pictures, an avatar and their retries fit several times over.
 */
export const UPLOAD_POLICY_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 } as const;

export const uploadPolicyLimit = (userId: number): Limit => ({ key: `upload-policy:${userId}`, ...UPLOAD_POLICY_LIMIT });

/**
 * An upload policy for the user, its key recorded as theirs first: whatever the store, the server
 * later knows whose file a URL is (delete_file_url, avatars, task images) from the files table.
 * Counted against UPLOAD_POLICY_LIMIT before anything is signed.
 */
export async function issueUploadPolicy(
  db: Queryable,
  store: FileStore,
  request: { userId: number; kind: UploadKind; now?: Date },
): Promise<UploadPolicy> {
  await countAttempt(db, uploadPolicyLimit(request.userId), request.now);
  const policy = await store.createUploadPolicy(request);
  await recordIssuedKey(db, { key: policy.key, userId: request.userId, kind: request.kind }, request.now);
  return policy;
}
