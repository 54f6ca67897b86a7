// A task on a hosted video model: its clips made at the vendor, each kept in our store the moment
// it is ready, then composed by the engine. Every step is written to task_clips before the next
// one starts — the vendor's task id the moment the vendor answers — so a worker that dies, a
// restart or a shutdown hands the task to a worker that polls the same vendor tasks: a paid
// clip is neither submitted twice nor abandoned.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { VideoModelId } from '@app/contract';
import type { Db } from '../db/database.js';
import { VendorError, type ClipImage, type ClipProvider, type ClipState } from '../modules/clips/clip-provider.js';
import { planClips } from '../modules/clips/clip-plan.js';
import { clipKey, countStoredClips, loadTaskClips, moveClip, planTaskClips, submittingSince, type ClipRow } from '../modules/clips/task-clips.js';
import { keyOfFileUrl } from '../modules/files/file-urls.js';
import { sniffContentType, SNIFF_LENGTH } from '../modules/storage/image-types.js';
import type { FileStore } from '../modules/storage/store.js';
import { RenderFailure } from '../modules/tasks/video-provider.js';
import type { TaskRow } from '../modules/tasks/video-task.js';
import type { ServerConfig } from '../config.js';
import { IMAGE_GONE } from './task-inputs.js';

/** What users read when a model's clip did not come: each refunded. */
export const CLIP_MESSAGES = {
  unavailable: '该视频模型暂不可用，积分已退还',
  moderation: '文案或图片未通过视频模型的内容审核，请修改后再试，积分已退还',
  failed: 'AI 模型生成片段失败，积分已退还',
  timeout: 'AI 模型生成超时，积分已退还',
  busy: 'AI 模型服务繁忙，请稍后再试，积分已退还',
} as const;

export interface ClipTiming {
  /** Between two polls of a clip at its vendor. */
  pollMs: number;
  /** The first wait after a 429, 5xx or time-out; doubled each time, at most a minute (or the vendor's Retry-After). */
  backoffMs: number;
  /** Tries of one vendor call before the task fails as busy. */
  maxTries: number;
  /** From a clip's submit to its result. */
  timeoutMs: number;
  /**
   * A clip left `submitting` this long without a sign of life is taken for abandoned (its worker
   * died mid-submit); younger, another worker is submitting it right now and is waited for.
   * Longer than one vendor call may take (vendorFetch's 30 s).
   */
  submitStaleMs: number;
}

export const CLIP_TIMING_DEFAULTS = { pollMs: 5_000, backoffMs: 2_000, maxTries: 6, submitStaleMs: 90_000 } as const;

export interface ClipDeps {
  db: Db;
  store: FileStore;
  config: Pick<ServerConfig, 's3'>;
  providers: Map<VideoModelId, ClipProvider>;
  timing: ClipTiming;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

const NOT_OURS = new Error('the clip is no longer ours to submit');

/** A clip is submitted again at most this often when its vendor lost it (an expired task or result URL). */
const MAX_SUBMITS = 2;
/** Of the task's progress, the clips take this much; the composing the rest. */
export const CLIPS_SHARE = 85;

/**
 * Makes (or resumes) the task's clips and answers their files in `workDir`, in order. Throws a
 * RenderFailure with the user's message when a clip cannot be had; an abort rethrows the signal's reason.
 */
export async function makeClips(deps: ClipDeps, task: TaskRow, workDir: string, onProgress: (percent: number) => void, signal: AbortSignal): Promise<string[]> {
  const provider = deps.providers.get(task.model);
  if (!provider) throw new RenderFailure(CLIP_MESSAGES.unavailable);
  const clips = await planTaskClips(deps.db, task, planClips(task, provider.info));
  const fractions: number[] = clips.map((clip) => (clip.status === 'stored' ? 1 : 0));
  const report = () => onProgress((fractions.reduce((a, b) => a + b, 0) / clips.length) * CLIPS_SHARE);
  report();

  // At most the vendor's concurrency at once; the rest wait their turn.
  const pending = clips.filter((clip) => clip.status !== 'stored');
  const failed = new AbortController();
  const both = AbortSignal.any([signal, failed.signal]);
  const lane = async () => {
    for (let clip = pending.shift(); clip; clip = pending.shift()) {
      await makeClip(deps, provider, task, clip, both, (fraction) => {
        fractions[clip!.position] = fraction;
        report();
      });
      await countStoredClips(deps.db, task.id);
    }
  };
  const lanes = Array.from({ length: Math.max(1, Math.min(provider.info.concurrency, pending.length)) }, lane);
  const results = await Promise.allSettled(lanes.map((run) => run.catch((error: unknown) => {
    failed.abort(error);
    throw error;
  })));
  signal.throwIfAborted();
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;

  const files: string[] = [];
  for (const clip of await loadTaskClips(deps.db, task.id)) {
    const file = path.join(workDir, `clip-${clip.position}.mp4`);
    const stored = clip.clipKey === null ? null : await deps.store.head(clip.clipKey);
    const bytes = stored && (await deps.store.readStart(clip.clipKey!, stored.size));
    if (!bytes) {
      // Gone from our store (removed by hand?): made again on the task's next attempt.
      await moveClip(deps.db, clip.id, 'stored', { status: 'planned', clipKey: null, vendorTaskId: null, vendorStatus: '' });
      throw new Error(`clip ${clip.position} of task ${task.id} is missing from storage`);
    }
    await writeFile(file, bytes);
    files.push(file);
  }
  return files;
}

/** One clip from wherever it stands to stored. */
async function makeClip(deps: ClipDeps, provider: ClipProvider, task: TaskRow, clip: ClipRow, signal: AbortSignal, progress: (fraction: number) => void): Promise<void> {
  let row = clip;
  for (;;) {
    signal.throwIfAborted();
    if (row.status === 'stored') return progress(1);
    if (row.status === 'failed' || row.status === 'cancelled') throw new RenderFailure(CLIP_MESSAGES.failed);
    if (row.status === 'planned') row = await submit(deps, provider, task, row, signal);
    else if (row.status === 'submitting') row = await recover(deps, provider, row, signal);
    else row = await follow(deps, provider, task, row, signal, progress);
  }
}

/** planned → submitting → submitted: the vendor task id is written the moment the vendor answers. */
async function submit(deps: ClipDeps, provider: ClipProvider, task: TaskRow, row: ClipRow, signal: AbortSignal): Promise<ClipRow> {
  if (row.submits >= MAX_SUBMITS) throw new RenderFailure(CLIP_MESSAGES.failed);
  const image = row.imageUrl === null ? undefined : await readPicture(deps, row.imageUrl);
  if (!(await moveClip(deps.db, row.id, 'planned', { status: 'submitting', submits: row.submits + 1 }))) return reread(deps, row);
  let vendorTaskId: string;
  try {
    vendorTaskId = await withRetries(deps, 'submit', signal, async () => {
      // A sign of life before each try; a clip no longer ours to submit (taken for abandoned by
      // another worker) is not sent.
      if (!(await moveClip(deps.db, row.id, 'submitting', {}))) throw NOT_OURS;
      return provider.submit({ prompt: row.prompt, image, aspectRatio: task.aspectRatio, seconds: row.seconds, clientId: row.clientId }, signal);
    });
  } catch (error) {
    if (error === NOT_OURS) return reread(deps, row);
    // Refused before the vendor took it: nothing to find later.
    if (error instanceof VendorError || error instanceof RenderFailure) await moveClip(deps.db, row.id, 'submitting', { status: 'failed', error: String((error as Error).message).slice(0, 500) });
    throw error;
  }
  await moveClip(deps.db, row.id, 'submitting', { status: 'submitted', vendorTaskId, submittedAt: new Date(), error: '' });
  deps.log.info({ taskId: task.id, clip: row.position, model: row.model }, 'clip submitted');
  return reread(deps, row);
}

/**
 * A clip left `submitting` by a worker that died between sending it and writing down the vendor's
 * answer. A vendor that takes our client id is asked whether it has it; one that does not leaves
 * no way to know, and the clip is sent again (the window is the few milliseconds of one write).
 */
async function recover(deps: ClipDeps, provider: ClipProvider, row: ClipRow, signal: AbortSignal): Promise<ClipRow> {
  if (!(await submittingSince(deps.db, row.id, deps.timing.submitStaleMs))) {
    // Another worker is sending it now (a lease taken over from a slow, not a dead, worker).
    await sleep(Math.min(deps.timing.pollMs, 1_000), undefined, { signal });
    return reread(deps, row);
  }
  const found = provider.find ? await withRetries(deps, 'find', signal, () => provider.find!(row.clientId, signal)) : null;
  if (found) await moveClip(deps.db, row.id, 'submitting', { status: 'submitted', vendorTaskId: found, submittedAt: row.submittedAt ?? new Date() });
  else {
    deps.log.warn({ clip: row.position, model: row.model, taskId: row.taskId }, 'a clip was being submitted when its worker stopped: submitting it again');
    await moveClip(deps.db, row.id, 'submitting', { status: 'planned' });
  }
  return reread(deps, row);
}

/** submitted → stored: polls until the vendor is done, then keeps the clip in our store at once (its URL expires). */
async function follow(deps: ClipDeps, provider: ClipProvider, task: TaskRow, row: ClipRow, signal: AbortSignal, progress: (fraction: number) => void): Promise<ClipRow> {
  const vendorTaskId = row.vendorTaskId!;
  const submittedAt = row.submittedAt?.getTime() ?? Date.now();
  let urlRetried = false;
  for (;;) {
    if (Date.now() - submittedAt > deps.timing.timeoutMs) {
      await provider.cancel(vendorTaskId, AbortSignal.timeout(15_000)).catch(() => undefined);
      await moveClip(deps.db, row.id, 'submitted', { status: 'failed', error: 'timed out' });
      throw new RenderFailure(CLIP_MESSAGES.timeout);
    }
    const state: ClipState = await withRetries(deps, 'poll', signal, () => provider.poll(vendorTaskId, signal));
    if (state.status !== row.vendorStatus) {
      await moveClip(deps.db, row.id, 'submitted', { vendorStatus: state.status });
      row = { ...row, vendorStatus: state.status };
    }
    if (state.status === 'queued' || state.status === 'running') {
      progress(state.status === 'queued' ? 0.05 : 0.1 + 0.8 * ((state.progress ?? 50) / 100));
      await sleep(deps.timing.pollMs, undefined, { signal });
      continue;
    }
    if (state.status === 'succeeded') {
      try {
        const bytes = await withRetries(deps, 'download', signal, () => provider.download(state, signal));
        const key = clipKey(task.outputToken, row.position);
        await deps.store.put(key, bytes, { contentType: 'video/mp4', size: bytes.length });
        await moveClip(deps.db, row.id, 'submitted', { status: 'stored', clipKey: key, finishedAt: new Date() });
        deps.log.info({ taskId: task.id, clip: row.position, bytes: bytes.length }, 'clip stored');
        return reread(deps, row);
      } catch (error) {
        if (!(error instanceof VendorError && error.kind === 'expired')) throw error;
        // The result URL ran out (a worker down for hours): a fresh poll may sign a new one…
        if (!urlRetried) {
          urlRetried = true;
          continue;
        }
        // …else the clip is gone from the vendor, and made again once.
        return resubmit(deps, row, 'result URL expired');
      }
    }
    if (state.status === 'expired') return resubmit(deps, row, 'the vendor no longer knows the task');
    await moveClip(deps.db, row.id, 'submitted', { status: 'failed', error: (state.message ?? state.status).slice(0, 500) });
    deps.log.warn({ taskId: task.id, clip: row.position, status: state.status, message: state.message }, 'clip failed at the vendor');
    throw new RenderFailure(state.status === 'moderation' ? CLIP_MESSAGES.moderation : CLIP_MESSAGES.failed);
  }
}

async function resubmit(deps: ClipDeps, row: ClipRow, why: string): Promise<ClipRow> {
  if (row.submits >= MAX_SUBMITS) {
    await moveClip(deps.db, row.id, 'submitted', { status: 'failed', error: why });
    throw new RenderFailure(CLIP_MESSAGES.failed);
  }
  deps.log.warn({ taskId: row.taskId, clip: row.position, why }, 'clip lost at the vendor: submitting it again');
  await moveClip(deps.db, row.id, 'submitted', { status: 'planned', vendorTaskId: null, vendorStatus: '', submittedAt: null, error: why });
  return reread(deps, row);
}

async function reread(deps: ClipDeps, row: ClipRow): Promise<ClipRow> {
  const fresh = (await loadTaskClips(deps.db, row.taskId)).find((r) => r.id === row.id);
  if (!fresh) throw new RenderFailure(CLIP_MESSAGES.failed);
  return fresh;
}

/**
 * One vendor call, tried again after a 429, a 5xx or a time-out with a growing wait (the vendor's
 * Retry-After when it sends one), at most `maxTries` times. Moderation and other refusals fail the
 * task with the user's message at once.
 */
async function withRetries<T>(deps: ClipDeps, what: string, signal: AbortSignal, call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      signal.throwIfAborted();
      if (!(error instanceof VendorError)) throw error;
      if (error.kind === 'moderation') throw new RenderFailure(CLIP_MESSAGES.moderation);
      if (error.kind === 'expired') throw error;
      if (error.kind === 'rejected') {
        deps.log.warn({ err: error, what }, 'the vendor refused a call');
        throw new RenderFailure(CLIP_MESSAGES.failed);
      }
      if (attempt >= deps.timing.maxTries) {
        deps.log.warn({ err: error, what, attempts: attempt }, 'the vendor stayed busy');
        throw new RenderFailure(CLIP_MESSAGES.busy);
      }
      const wait = error.retryAfterS !== undefined ? error.retryAfterS * 1000 : Math.min(60_000, deps.timing.backoffMs * 2 ** (attempt - 1));
      deps.log.info({ what, kind: error.kind, attempt, waitMs: wait }, 'vendor busy: trying again');
      await sleep(wait, undefined, { signal });
    }
  }
}

/** The picture a clip starts from, as bytes (our store is not public: vendors get it inline). */
async function readPicture(deps: ClipDeps, url: string): Promise<ClipImage> {
  const key = keyOfFileUrl(deps.config, url);
  const stored = key === null ? null : await deps.store.head(key);
  const bytes = key === null || !stored ? null : await deps.store.readStart(key, Math.max(stored.size, SNIFF_LENGTH));
  const contentType = bytes && sniffContentType(bytes);
  if (!bytes || (contentType !== 'image/jpeg' && contentType !== 'image/png' && contentType !== 'image/webp')) throw new RenderFailure(IMAGE_GONE);
  return { bytes, contentType };
}
