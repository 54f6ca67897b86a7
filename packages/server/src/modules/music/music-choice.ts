import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AUDIO_UPLOAD_MAX_SIZE,
  DEFAULT_MUSIC_MOOD,
  moodOfTemplate,
  MUSIC_MOODS,
  MusicRefusal,
  type MusicMood,
  type RenderMusic,
  type RenderTemplate,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import type { ServerConfig } from '../../config.js';
import type { Queryable, Tx } from '../../db/database.js';
import { musicTracks } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { findUploadedAudio } from '../files/user-uploads.js';
import { keyOfFileUrl } from '../files/file-urls.js';
import { AUDIO_EXTENSIONS, sniffAudioType } from '../storage/audio-types.js';
import type { FileStore } from '../storage/store.js';
import { RenderFailure } from '../tasks/video-provider.js';
import { findTrack } from './music-tracks.js';
import { measureAudio } from './music-tracks.js';

/**
 * The music a video asked for, as save's `music` field says it (docs/api.md, /api/v1/video_task/save):
 * - `template`: '' — the template's own, generated for its mood (moodOfTemplate);
 * - `none`: 'none' — silence under the video (a narration still speaks);
 * - `generated`: 'gen:<mood>' — the engine's music for that mood;
 * - `track`: 'track:<id>' — an operator's track (modules/music/music-tracks);
 * - `upload`: any other text — the URL of the user's own audio upload.
 */
export type MusicChoice =
  | { kind: 'template' }
  | { kind: 'none' }
  | { kind: 'generated'; mood: MusicMood }
  | { kind: 'track'; id: number }
  | { kind: 'upload'; url: string };

/** The choice `value` names, or null for a `gen:`/`track:` that names nothing there could be. */
export function parseMusicChoice(value: string): MusicChoice | null {
  if (value === '') return { kind: 'template' };
  if (value === 'none') return { kind: 'none' };
  if (value.startsWith('gen:')) {
    const mood = value.slice(4);
    return (MUSIC_MOODS as readonly string[]).includes(mood) ? { kind: 'generated', mood: mood as MusicMood } : null;
  }
  if (value.startsWith('track:')) {
    const id = /^[1-9]\d{0,15}$/.test(value.slice(6)) ? Number(value.slice(6)) : NaN;
    return Number.isSafeInteger(id) ? { kind: 'track', id } : null;
  }
  return { kind: 'upload', url: value };
}

type Deps = { db: Queryable; store: FileStore; config: Pick<ServerConfig, 's3'> };

/**
 * Checks a save's music before anything is charged (rspCode 2 with MusicRefusal's words): a
 * known mood, an existing track, or the user's own audio upload that decodes to between
 * AUDIO_SECONDS_MIN and AUDIO_SECONDS_MAX seconds (measured here, once, with ffmpeg).
 */
export async function checkMusicChoice(deps: Deps, userId: number, value: string): Promise<MusicChoice> {
  const choice = parseMusicChoice(value);
  if (!choice) throw new BusinessError(RspCode.invalidParam, MusicRefusal.unknown);
  if (choice.kind === 'track' && !(await findTrack(deps.db, choice.id))) throw new BusinessError(RspCode.invalidParam, MusicRefusal.unknown);
  if (choice.kind === 'upload') {
    const upload = await findUploadedAudio(deps, userId, choice.url);
    const bytes = upload && (await deps.store.readStart(upload.key, AUDIO_UPLOAD_MAX_SIZE));
    const contentType = bytes && sniffAudioType(bytes);
    if (!bytes || !contentType) throw new BusinessError(RspCode.invalidParam, MusicRefusal.notYours);
    await measureAudio(bytes, contentType, MusicRefusal);
  }
  return choice;
}

/**
 * Inside the save's transaction: holds the chosen track's row until the task is committed, so a
 * `music remove` running now waits and then sees the task using it (one that came first has
 * removed the row, and the save is refused). An upload's row is held with the pictures' (save-task).
 */
export async function lockMusicTrack(tx: Tx, choice: MusicChoice): Promise<void> {
  if (choice.kind !== 'track') return;
  const [row] = await tx.select({ id: musicTracks.id }).from(musicTracks).where(eq(musicTracks.id, choice.id)).for('share');
  if (!row) throw new BusinessError(RspCode.invalidParam, MusicRefusal.unknown);
}

export const MUSIC_GONE = '背景音乐已失效，请重新选择后再试';

/**
 * RenderTask.music for a task (workers/task-inputs): generated music as `{ mood, seed }` — the
 * seed is the template's title (else the mood), so each template sounds different and the same
 * template the same every time; a track or the user's upload copied into `workDir` as
 * `{ file }`; `null` for none. A file gone from storage fails the task with MUSIC_GONE (refunded).
 */
export async function renderMusic(
  deps: { db: Queryable; store: FileStore; config: Pick<ServerConfig, 's3'> },
  music: string,
  template: RenderTemplate | undefined,
  workDir: string,
): Promise<RenderMusic | null> {
  const choice = parseMusicChoice(music);
  if (!choice) throw new RenderFailure(MUSIC_GONE);
  const seedOf = (mood: MusicMood) => template?.title ?? mood;
  switch (choice.kind) {
    case 'none':
      return null;
    case 'template':
      return templateMusic(template);
    case 'generated':
      return { mood: choice.mood, seed: seedOf(choice.mood) };
    case 'track': {
      const track = await findTrack(deps.db, choice.id);
      return { file: await downloadAudio(deps.store, track?.storageKey ?? null, workDir) };
    }
    case 'upload':
      return { file: await downloadAudio(deps.store, keyOfFileUrl(deps.config, choice.url), workDir) };
  }
}

/**
 * A template's own music: made for its mood (moodOfTemplate), seeded by its title — the same for
 * the template's sample in the gallery and for every video made with it.
 */
export function templateMusic(template: RenderTemplate | undefined): RenderMusic {
  const mood = template ? moodOfTemplate(template) : DEFAULT_MUSIC_MOOD;
  return { mood, seed: template?.title ?? mood };
}

/** Copies an audio file into `workDir` as `music.<ext>` (the renderer reads local files only). */
async function downloadAudio(store: FileStore, key: string | null, workDir: string): Promise<string> {
  // At most 20 MiB (AUDIO_UPLOAD_MAX_SIZE for uploads and tracks alike): one read holds it.
  const bytes = key === null ? null : await store.readStart(key, AUDIO_UPLOAD_MAX_SIZE);
  const contentType = bytes && sniffAudioType(bytes);
  if (!bytes || !contentType) throw new RenderFailure(MUSIC_GONE);
  const file = path.join(workDir, `music${AUDIO_EXTENSIONS[contentType]}`);
  await writeFile(file, bytes);
  return file;
}
