import type { Readable } from 'node:stream';
import {
  AUDIO_DECLARED_TYPES,
  AUDIO_UPLOAD_MAX_SIZE,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_SIZE,
  UPLOAD_POLICY_TTL_SECONDS,
  type UploadKind,
  type UploadPolicy,
} from '@app/contract';

/** docs/api.md, /server_api/oss/stsPolicy: what one picture (or avatar) upload may be, whichever store takes it. */
export const UPLOAD_LIMITS = {
  maxSize: UPLOAD_MAX_SIZE,
  contentTypes: UPLOAD_CONTENT_TYPES,
  ttlSeconds: UPLOAD_POLICY_TTL_SECONDS,
} as const;

/** The user's own music: larger, and declared under any of the names browsers give audio (the bytes decide). */
export const AUDIO_UPLOAD_LIMITS = {
  maxSize: AUDIO_UPLOAD_MAX_SIZE,
  contentTypes: AUDIO_DECLARED_TYPES,
  ttlSeconds: UPLOAD_POLICY_TTL_SECONDS,
} as const;

/** What an upload of `kind` may be. */
export function uploadLimitsOf(kind: string): { maxSize: number; contentTypes: readonly string[]; ttlSeconds: number } {
  return kind === 'audio' ? AUDIO_UPLOAD_LIMITS : UPLOAD_LIMITS;
}

export interface StoredObject {
  size: number;
  /** As the store keeps it; undefined when it has none. */
  contentType: string | undefined;
  lastModified: Date;
}

/** Bytes in memory, or a stream (an S3 store needs its `size` up front: S3 wants a Content-Length). */
export type PutBody = Uint8Array | Readable;

/**
 * Where files live: a folder on disk served by this server (the default), or an S3-compatible
 * bucket. Modules talk to this interface only; `app.config.s3` picks the implementation.
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** A signed upload policy for a fresh key under the user's own prefix (the caller records the key). */
  createUploadPolicy(input: { userId: number; kind: UploadKind; now?: Date }): Promise<UploadPolicy>;
  /** Writes a file the server made (a rendered video, its cover); readers never see half of it. */
  put(key: string, body: PutBody, options: { contentType: string; size?: number }): Promise<void>;
  /**
   * Copies a stored file under a new key, with the type given and the caching of the new key
   * (storage/cache-control); false when there is no file at `from`.
   */
  copy(from: string, to: string, options: { contentType: string }): Promise<boolean>;
  /** Removes a file; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The stored file's size and type, or null when there is none. */
  head(key: string): Promise<StoredObject | null>;
  /** The first `length` bytes (fewer if the file is shorter), or null when there is no file. */
  readStart(key: string, length: number): Promise<Buffer | null>;
  /** The whole file as a stream, or null when there is no file. */
  openRead(key: string): Promise<Readable | null>;
  /** The public URL of a key. */
  fileUrl(key: string): string;
  /** Lets go of connections (on app close). */
  close(): void;
}
