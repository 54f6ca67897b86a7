import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AUDIO_SECONDS_MAX,
  AUDIO_SECONDS_MIN,
  AUDIO_UPLOAD_MAX_SIZE,
  MUSIC_MOOD_TITLES,
  MUSIC_MOODS,
  TrackRefusal,
  type AdminMusicTrack,
  type AudioContentType,
  type MusicMood,
  type MusicTrack,
} from '@app/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/database.js';
import { files, musicTracks, videoTasks } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { AUDIO_EXTENSIONS, sniffAudioType } from '../storage/audio-types.js';
import type { FileStore } from '../storage/store.js';
import { LIVE_TASK_STATUSES } from '@app/contract';
import { probeAudioSeconds } from './audio-probe.js';

// The operators' background music (`npm run admin -- music add|list|remove`): each track is a
// file in the store under `music/<128 random bits>.<ext>` with a `files` row (kind `music`, no
// owner: the type it is served with) and a `music_tracks` row (title, mood, measured length).

type TrackRow = typeof musicTracks.$inferSelect;

export interface NewTrack {
  title: string;
  mood: MusicMood;
  bytes: Buffer;
}

/**
 * Checks and stores a track: its bytes must be MP3, M4A, AAC or WAV (magic numbers), at most
 * 20 MiB, and decode with ffmpeg to between AUDIO_SECONDS_MIN and AUDIO_SECONDS_MAX seconds.
 * Anything else is refused with rspCode 2 and the reason; nothing is stored then.
 */
export async function addTrack(deps: { db: Db; store: FileStore }, track: NewTrack): Promise<AdminMusicTrack> {
  const { bytes } = track;
  if (bytes.length === 0) throw new BusinessError(RspCode.invalidParam, TrackRefusal.empty);
  if (bytes.length > AUDIO_UPLOAD_MAX_SIZE) throw new BusinessError(RspCode.invalidParam, TrackRefusal.tooLarge);
  const contentType = sniffAudioType(bytes);
  if (!contentType) throw new BusinessError(RspCode.invalidParam, TrackRefusal.notAudio);
  const durationSeconds = await measureAudio(bytes, contentType, TrackRefusal);

  const key = `music/${randomBytes(16).toString('hex')}${AUDIO_EXTENSIONS[contentType]}`;
  await deps.store.put(key, bytes, { contentType, size: bytes.length });
  try {
    const row = await deps.db.transaction(async (tx) => {
      await tx.insert(files).values({ key, userId: null, kind: 'music', contentType, size: bytes.length, uploadedAt: new Date() });
      const [inserted] = await tx
        .insert(musicTracks)
        .values({ title: track.title, mood: track.mood, storageKey: key, durationSeconds, contentType, size: bytes.length })
        .returning();
      return inserted!;
    });
    return toAdminTrack(row, deps.store);
  } catch (error) {
    // No row refers to the bytes: take them away again rather than leave an orphan.
    await deps.store.delete(key).catch(() => undefined);
    throw error;
  }
}

/**
 * The length of an audio file in seconds, or the refusal: ffmpeg cannot decode it
 * (`unreadable`), or it is shorter or longer than the app allows.
 */
export async function measureAudio(
  bytes: Uint8Array,
  contentType: AudioContentType,
  refusal: { unreadable: string; tooShort: string; tooLong: string },
): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'audio-probe-'));
  try {
    const file = path.join(dir, `audio${AUDIO_EXTENSIONS[contentType]}`);
    await writeFile(file, bytes);
    const seconds = await probeAudioSeconds(file);
    if (seconds === null) throw new BusinessError(RspCode.invalidParam, refusal.unreadable);
    if (seconds < AUDIO_SECONDS_MIN) throw new BusinessError(RspCode.invalidParam, refusal.tooShort);
    if (seconds > AUDIO_SECONDS_MAX) throw new BusinessError(RspCode.invalidParam, refusal.tooLong);
    return seconds;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every track, newest first (an operator's list is short: dozens, not thousands). */
export async function listTracks(db: Queryable, store: Pick<FileStore, 'fileUrl'>): Promise<AdminMusicTrack[]> {
  const rows = await db.select().from(musicTracks).orderBy(desc(musicTracks.id));
  return rows.map((row) => toAdminTrack(row, store));
}

/**
 * Removes a track, its row and file. Refused (rspCode 5) while a queued or processing video
 * uses it — the render would lose its music; finished videos already have it mixed in. The
 * row is locked, and a save takes the track's row FOR SHARE, so a save and a removal at the
 * same moment do not both go ahead.
 */
export async function removeTrack(deps: { db: Db; store: FileStore }, id: number): Promise<void> {
  const key = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(musicTracks).where(eq(musicTracks.id, id)).for('update');
    if (!row) throw new BusinessError(RspCode.notFound, TrackRefusal.notFound);
    const [live] = await tx
      .select({ id: videoTasks.id })
      .from(videoTasks)
      .where(and(eq(videoTasks.music, trackChoice(id)), inArray(videoTasks.status, [...LIVE_TASK_STATUSES])))
      .limit(1);
    if (live) throw new BusinessError(RspCode.notAllowed, TrackRefusal.inUse);
    await tx.delete(musicTracks).where(eq(musicTracks.id, id));
    await tx.delete(files).where(eq(files.key, row.storageKey));
    return row.storageKey;
  });
  await deps.store.delete(key);
}

/** A track as save's `music` names it. */
export function trackChoice(id: number): string {
  return `track:${id}`;
}

/** A mood's generated music as save's `music` names it. */
export function generatedChoice(mood: MusicMood): string {
  return `gen:${mood}`;
}

/**
 * What the app offers (/api/v1/video_task/music): the engine's music, one per mood (no sample:
 * the engine makes it for each video's length), then the operators' tracks, newest first.
 */
export async function musicChoices(db: Queryable, store: Pick<FileStore, 'fileUrl'>): Promise<MusicTrack[]> {
  const generated: MusicTrack[] = MUSIC_MOODS.map((mood) => ({
    id: generatedChoice(mood),
    title: MUSIC_MOOD_TITLES[mood],
    mood,
    durationSeconds: 0,
    sampleUrl: null,
    kind: 'generated',
  }));
  const rows = await db.select().from(musicTracks).orderBy(desc(musicTracks.id));
  const tracks: MusicTrack[] = rows.map((row) => ({
    id: trackChoice(row.id),
    title: row.title,
    mood: row.mood,
    durationSeconds: Math.round(row.durationSeconds),
    sampleUrl: store.fileUrl(row.storageKey),
    kind: 'track',
  }));
  return [...generated, ...tracks];
}

export async function findTrack(db: Queryable, id: number): Promise<TrackRow | null> {
  const [row] = await db.select().from(musicTracks).where(eq(musicTracks.id, id));
  return row ?? null;
}

function toAdminTrack(row: TrackRow, store: Pick<FileStore, 'fileUrl'>): AdminMusicTrack {
  return {
    id: String(row.id),
    title: row.title,
    mood: row.mood,
    durationSeconds: row.durationSeconds,
    contentType: row.contentType,
    size: row.size,
    url: store.fileUrl(row.storageKey),
    createdAt: row.createdAt.getTime(),
  };
}
