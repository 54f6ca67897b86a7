import path from 'node:path';
import type { ServerConfig } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { DiskStore } from './disk-store.js';
import type { FileStore } from './store.js';
import { loadUploadSecret } from './upload-secret.js';

/** The store the configuration names: an S3-compatible bucket when S3_* is set, else `<dataDir>/files`. */
export async function createStore(config: Pick<ServerConfig, 's3' | 'dataDir'>, db: Queryable): Promise<FileStore> {
  if (config.s3) {
    // The AWS SDK is large: a server storing files on disk never loads it.
    const { S3Store } = await import('./s3-store.js');
    return new S3Store(config.s3);
  }
  return new DiskStore(path.join(config.dataDir, 'files'), await loadUploadSecret(db));
}
