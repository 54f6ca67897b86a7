import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { sysVideos } from '../db/schema.js';
import { keyOfFileUrl } from '../modules/files/file-urls.js';
import { sniffContentType, SNIFF_LENGTH } from '../modules/storage/image-types.js';
import type { FileStore } from '../modules/storage/store.js';
import { RenderFailure, type RenderTask } from '../modules/tasks/video-provider.js';
import type { TaskRow } from '../modules/tasks/video-task.js';
import { renderMusic } from '../modules/music/music-choice.js';

export const IMAGE_GONE = '图片已失效，请重新上传后再试';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp' };

/** The task as the provider takes it: its pictures copied from storage into `workDir`, its template's look. */
export async function prepareRenderTask(
  deps: { db: Db; store: FileStore; config: Pick<ServerConfig, 's3'> },
  task: TaskRow,
  workDir: string,
): Promise<RenderTask> {
  const images: string[] = [];
  // A hosted model's clips already hold the pictures: the engine composes the clips instead.
  if (task.model === 'builtin') for (const [index, url] of task.images.entries()) images.push(await downloadImage(deps, url, path.join(workDir, `image-${index + 1}`)));
  const template = task.templateId === null ? undefined : await templateLook(deps.db, task.templateId);
  return {
    id: String(task.id),
    title: task.title,
    prompt: task.prompt,
    images,
    aspectRatio: task.aspectRatio,
    duration: task.duration,
    captionStyle: task.captionStyle,
    ...(template && { template }),
    music: await renderMusic(deps, task.music, template, workDir),
    musicVolume: task.musicVolume / 100,
    voiceVolume: task.voiceVolume / 100,
    workDir,
  };
}

/** Copies one picture to `base` + its extension; a picture gone from storage fails the task with a message the user can act on. */
async function downloadImage(deps: { store: FileStore; config: Pick<ServerConfig, 's3'> }, url: string, base: string): Promise<string> {
  const key = keyOfFileUrl(deps.config, url);
  const stored = key === null ? null : await deps.store.head(key);
  // Uploads are at most 10 MiB (UPLOAD_LIMITS), so one read holds the whole file.
  const bytes = key === null || !stored ? null : await deps.store.readStart(key, Math.max(stored.size, SNIFF_LENGTH));
  const extension = bytes && EXTENSIONS[sniffContentType(bytes) ?? ''];
  if (!bytes || !extension) throw new RenderFailure(IMAGE_GONE);
  const file = base + extension;
  await writeFile(file, bytes);
  return file;
}

async function templateLook(db: Db, templateId: number): Promise<RenderTask['template']> {
  const [template] = await db
    .select({ title: sysVideos.title, style: sysVideos.style, params: sysVideos.params })
    .from(sysVideos)
    .where(eq(sysVideos.id, templateId));
  return template && { title: template.title, style: template.style, params: template.params as Record<string, unknown> };
}
