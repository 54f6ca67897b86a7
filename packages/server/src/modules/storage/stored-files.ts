import type { Queryable } from '../../db/database.js';
import { findFile } from '../files/file-records.js';
import { cacheControlOf } from './cache-control.js';
import type { DiskStore } from './disk-store.js';
import { SNIFF_LENGTH, sniffContentType } from './image-types.js';

export interface StoredFile {
  path: string;
  size: number;
  mtime: Date;
  contentType: string;
  /** Its Cache-Control, by its key (storage/cache-control). */
  cacheControl: string;
}

/**
 * A file of the embedded store, ready to serve: where it is, and its type — as recorded when it
 * was checked in, else as its bytes say (a file put without a row), else a download.
 */
export async function openStoredFile(db: Queryable, store: DiskStore, key: string): Promise<StoredFile | null> {
  const file = await store.statFile(key);
  if (!file) return null;
  const row = await findFile(db, key);
  const contentType =
    row?.contentType ?? sniffContentType((await store.readStart(key, SNIFF_LENGTH)) ?? Buffer.alloc(0)) ?? 'application/octet-stream';
  return { ...file, contentType, cacheControl: cacheControlOf(key) };
}
