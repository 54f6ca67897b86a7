import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FileStore } from '../modules/storage/store.js';
import type { StoredOutput } from '../modules/tasks/complete-task.js';
import type { RenderResult } from '../modules/tasks/video-provider.js';
import { taskOutputKeys } from '../modules/tasks/task-outputs.js';
import { storeThumbnails } from '../modules/storage/thumbnails.js';

/** Streams the rendered video and cover into storage under the task's keys (from its random `outputToken`). */
export async function storeOutputs(store: FileStore, outputToken: string, result: RenderResult): Promise<{ video: StoredOutput; cover: StoredOutput }> {
  const keys = taskOutputKeys(outputToken);
  const video = await storeFile(store, keys.video, result.video, 'video/mp4');
  const cover = await storeCover(store, keys.cover, result.cover);
  return { video, cover };
}

/**
 * Stores a cover and its thumbnails (storage/thumbnails), so the first list that shows it finds
 * them made. Thumbnails that could not be made now are made on their first request instead.
 */
export async function storeCover(store: FileStore, key: string, file: string): Promise<StoredOutput> {
  const cover = await storeFile(store, key, file, 'image/jpeg');
  await storeThumbnails(store, key, file).catch(() => undefined);
  return cover;
}

/** Streams one local file into storage under `key`. */
export async function storeFile(store: FileStore, key: string, file: string, contentType: string): Promise<StoredOutput> {
  const { size } = await stat(file);
  await store.put(key, createReadStream(file), { contentType, size });
  return { key, contentType, size };
}
