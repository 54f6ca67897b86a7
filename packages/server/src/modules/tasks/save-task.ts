import { MusicRefusal, type ReceivedBody, type save, type VideoTask } from '@app/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ServerConfig } from '../../config.js';
import type { Db, Tx } from '../../db/database.js';
import { files, videoTasks } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { findUploadedImage } from '../files/user-uploads.js';
import { checkMusicChoice, lockMusicTrack } from '../music/music-choice.js';
import { keyOfFileUrl } from '../files/file-urls.js';
import { changePoints } from '../points/ledger.js';
import type { TaskSignals } from '../queue/signals.js';
import type { FileStore } from '../storage/store.js';
import { TASK_NOT_FOUND } from './own-task.js';
import { resolveTemplateId, taskCost } from './pricing.js';
import { loadVideoTask } from './task-views.js';
import { requireVoice } from '../voices/voices.js';
import { followVoiceDuration } from '@app/contract';

/** A task as the save call receives it (@app/contract), the token aside. */
export type NewTask = Omit<ReceivedBody<typeof save>, 'token'>;

export interface SaveDeps {
  db: Db;
  store: FileStore;
  config: Pick<ServerConfig, 's3' | 'pointsPerSecond' | 'videoModels' | 'voices' | 'voicePoints'>;
  signals: TaskSignals;
}

export const INVALID_IMAGE = '图片地址无效';
export const FOLLOW_VOICE_NEEDS_VOICE = '请先选择配音，再选跟随配音时长';

/**
 * Queues a task and takes its cost in the same transaction: not enough points (rspCode 3) leaves
 * nothing behind. A `clientRequestId` the user sent before answers that first task again and
 * charges nothing, also when both requests run at once (the unique index decides which inserts).
 */
export async function saveTask(deps: SaveDeps, userId: number, input: NewTask): Promise<VideoTask> {
  const fileUrl = (key: string) => deps.store.fileUrl(key);
  const earlier = await findByClientRequestId(deps, userId, input.clientRequestId);
  if (earlier !== undefined) return earlier;

  const withVoice = input.voice !== undefined && input.voice !== '';
  if (input.followVoice && !withVoice) throw new BusinessError(RspCode.invalidParam, FOLLOW_VOICE_NEEDS_VOICE);
  // 跟随配音时长: the length the script needs read aloud, as the form estimated it with the same rule.
  const duration = input.followVoice ? followVoiceDuration(input.prompt, input.voiceSpeed) : input.duration;
  const narration = requireVoice(deps.config, { voice: input.voice, voiceSpeed: input.voiceSpeed, prompt: input.prompt, duration });
  const cost = taskCost(deps.config, { ...input, duration, pictures: input.images.length }) + narration.points;
  const imageKeys = await checkImages(deps, userId, input.images);
  const templateId = await resolveTemplateId(deps.db, input.templateId);
  const music = await checkMusicChoice(deps, userId, input.music);
  // The user's own audio is held like the pictures: a delete_file_url or a sweep waits for the save.
  const musicKey = music.kind === 'upload' ? keyOfFileUrl(deps.config, music.url) : null;

  const taskId = await deps.db.transaction(async (tx) => {
    await lockImages(tx, userId, imageKeys);
    if (musicKey !== null) await lockUploadedMusic(tx, userId, musicKey);
    await lockMusicTrack(tx, music);
    const [task] = await tx
      .insert(videoTasks)
      .values({
        userId,
        title: input.title,
        prompt: input.prompt,
        images: input.images,
        templateId,
        aspectRatio: input.aspectRatio,
        duration,
        model: input.model,
        captionStyle: input.captionStyle,
        voice: narration.voice?.id ?? '',
        voiceName: narration.voice?.info.name ?? '',
        voiceSpeed: input.voiceSpeed,
        followVoice: input.followVoice,
        music: input.music,
        musicVolume: input.musicVolume,
        voiceVolume: input.voiceVolume,
        cost,
        // Members' tasks are taken first; membership as it is now decides.
        priority: sql`(SELECT CASE WHEN u.member_until > now() THEN 1 ELSE 0 END FROM users u WHERE u.id = ${userId})`,
        clientRequestId: input.clientRequestId ?? null,
      })
      .onConflictDoNothing({ target: [videoTasks.userId, videoTasks.clientRequestId], where: sql`client_request_id IS NOT NULL` })
      .returning({ id: videoTasks.id });
    // The same clientRequestId committed by a request running at the same time: that one charged.
    if (!task) return null;
    if (cost > 0) await changePoints(tx, { userId, change: -cost, type: 'generate', title: `生成视频「${input.title}」`, taskId: String(task.id) });
    return task.id;
  });
  if (taskId === null) return (await findByClientRequestId(deps, userId, input.clientRequestId))!;

  await deps.signals.queued();
  const saved = await loadVideoTask(deps.db, fileUrl, userId, taskId);
  if (!saved) throw new Error(`saveTask: task ${taskId} vanished`);
  return saved;
}

/**
 * The task an earlier request with this clientRequestId made, or undefined when there is none. If
 * the user deleted it since, the request is stale: rspCode 4, and nothing new is made or charged.
 */
async function findByClientRequestId(deps: SaveDeps, userId: number, clientRequestId: string | undefined): Promise<VideoTask | undefined> {
  if (clientRequestId === undefined) return undefined;
  const [row] = await deps.db
    .select({ id: videoTasks.id })
    .from(videoTasks)
    .where(and(eq(videoTasks.userId, userId), eq(videoTasks.clientRequestId, clientRequestId)));
  if (!row) return undefined;
  const task = await loadVideoTask(deps.db, (key) => deps.store.fileUrl(key), userId, row.id);
  if (!task) throw new BusinessError(RspCode.notFound, TASK_NOT_FOUND);
  return task;
}

/** The storage keys of the images: each must be this user's own upload (docs/api.md, /api/v1/video_task/save), else rspCode 2. */
async function checkImages(deps: SaveDeps, userId: number, urls: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const url of urls) {
    const image = await findUploadedImage(deps, userId, url, ['image']);
    if (!image) throw new BusinessError(RspCode.invalidParam, INVALID_IMAGE);
    keys.push(image.key);
  }
  return keys;
}

/**
 * Holds the images' file rows until the task is committed: a delete_file_url running now waits,
 * then sees the task using them; one that came first has removed a row, and the save is refused.
 */
async function lockImages(tx: Tx, userId: number, keys: string[]): Promise<void> {
  const wanted = new Set(keys);
  if (wanted.size === 0) return;
  const rows = await tx
    .select({ key: files.key })
    .from(files)
    .where(and(inArray(files.key, [...wanted]), eq(files.userId, userId)))
    .for('share');
  if (rows.length !== wanted.size) throw new BusinessError(RspCode.invalidParam, INVALID_IMAGE);
}

/** As lockImages, for the user's own music: a row removed meanwhile refuses the save. */
async function lockUploadedMusic(tx: Tx, userId: number, key: string): Promise<void> {
  const rows = await tx
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.key, key), eq(files.userId, userId)))
    .for('share');
  if (rows.length !== 1) throw new BusinessError(RspCode.invalidParam, MusicRefusal.notYours);
}
