import type { ServerConfig } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import type { FileKind } from '../../db/schema.js';
import { isAudioContentType, sniffAudioType } from '../storage/audio-types.js';
import { isUploadContentType, SNIFF_LENGTH, sniffContentType } from '../storage/image-types.js';
import type { FileStore } from '../storage/store.js';
import { uploadLimitsOf } from '../storage/store.js';
import { claimUpload, findFile } from './file-records.js';
import { keyOfFileUrl } from './file-urls.js';

export interface UploadedImage {
  key: string;
  contentType: string;
  size: number;
}

/**
 * The user's own uploaded image behind `url`, or null when it is anything else (not our URL,
 * another user's key, not uploaded, not an image): what change_info's avatar and video_task/save's
 * images accept (docs/api.md, /api/v1/video_task/save: addresses this server issued for this user's uploads).
 *
 * The embedded store checked and recorded the upload as it came in. An S3 bucket took whatever
 * was posted under the user's prefix (a POST policy cannot pin three types), so the first time
 * such a file is used its bytes are sniffed here; one that is not a JPEG, PNG or WEBP image of an
 * allowed size is removed from the bucket.
 */
export async function findUploadedImage(
  deps: { db: Queryable; store: FileStore; config: Pick<ServerConfig, 's3'> },
  userId: number,
  url: string,
  kinds: readonly FileKind[] = IMAGE_KINDS,
): Promise<UploadedImage | null> {
  return findUpload(deps, userId, url, kinds);
}

const IMAGE_KINDS: readonly FileKind[] = ['image', 'avatar'];

/** The user's own uploaded music behind `url` (kind `audio`: MP3, M4A, AAC or WAV), or null; checked as findUploadedImage checks pictures. */
export async function findUploadedAudio(
  deps: { db: Queryable; store: FileStore; config: Pick<ServerConfig, 's3'> },
  userId: number,
  url: string,
): Promise<UploadedImage | null> {
  return findUpload(deps, userId, url, ['audio']);
}

/** An upload of one of `kinds` (pictures or audio, never both: each is sniffed as its kind). */
async function findUpload(
  deps: { db: Queryable; store: FileStore; config: Pick<ServerConfig, 's3'> },
  userId: number,
  url: string,
  kinds: readonly FileKind[],
): Promise<UploadedImage | null> {
  const key = keyOfFileUrl(deps.config, url);
  const row = key === null ? null : await findFile(deps.db, key);
  if (key === null || !row || row.userId !== userId || !kinds.includes(row.kind)) return null;
  if (row.uploadedAt && row.contentType && row.size !== null) return { key, contentType: row.contentType, size: row.size };
  if (deps.store.kind !== 's3') return null;

  const stored = await deps.store.head(key);
  if (!stored) return null;
  const head = (await deps.store.readStart(key, SNIFF_LENGTH)) ?? Buffer.alloc(0);
  const audio = row.kind === 'audio';
  const contentType = audio ? sniffAudioType(head) : sniffContentType(head);
  const allowed = audio ? isAudioContentType(contentType) : isUploadContentType(contentType);
  if (!contentType || !allowed || stored.size < 1 || stored.size > uploadLimitsOf(row.kind).maxSize) {
    await deps.store.delete(key);
    return null;
  }
  await claimUpload(deps.db, { key, userId, contentType, size: stored.size });
  return { key, contentType, size: stored.size };
}
