// The task as the interface promises it. The server validates its API input too; this guards
// the provider against a caller that skipped that, before any work or files are made.
import path from 'node:path';
import { isMood, MOODS } from './music/choose.js';
import type { RenderTask } from './types.js';

export const MAX_PICTURES = 9;
/** A 60 s video of clips no shorter than 5 s. */
export const MAX_CLIPS = 12;
const ASPECT_RATIOS = new Set(['9:16', '16:9', '1:1']);

export function validateTask(task: RenderTask): void {
  const problems: string[] = [];
  if (!task.id) problems.push('id is empty');
  if (!Number.isInteger(task.duration) || task.duration < 5 || task.duration > 60) problems.push('duration must be a whole number of seconds from 5 to 60');
  if (!ASPECT_RATIOS.has(task.aspectRatio)) problems.push(`aspectRatio must be one of ${[...ASPECT_RATIOS].join(', ')}`);
  if (task.images.length > MAX_PICTURES) problems.push(`at most ${MAX_PICTURES} images`);
  if (task.images.some((image) => !path.isAbsolute(image))) problems.push('images must be absolute paths');
  if ((task.clips ?? []).some((clip) => !path.isAbsolute(clip))) problems.push('clips must be absolute paths');
  if ((task.clips ?? []).length > MAX_CLIPS) problems.push(`at most ${MAX_CLIPS} clips`);
  if (!path.isAbsolute(task.workDir)) problems.push('workDir must be an absolute path');
  const { music, narration } = task;
  if (music && 'file' in music && !path.isAbsolute(music.file)) problems.push('music.file must be an absolute path');
  if (music && !('file' in music) && !isMood(music.mood)) problems.push(`music.mood must be one of ${MOODS.join(', ')}`);
  if (music && !('file' in music) && typeof music.seed !== 'string') problems.push('music.seed must be a string');
  if (narration && !path.isAbsolute(narration.file)) problems.push('narration.file must be an absolute path');
  for (const name of ['musicVolume', 'voiceVolume'] as const) {
    const volume = task[name];
    if (volume !== undefined && !(Number.isFinite(volume) && volume >= 0 && volume <= 1)) problems.push(`${name} must be from 0 to 1`);
  }
  if (problems.length) throw new Error(`invalid render task: ${problems.join('; ')}`);
}
