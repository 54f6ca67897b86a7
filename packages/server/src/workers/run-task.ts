import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { videoTasks } from '../db/schema.js';
import type { Lease } from '../modules/queue/claim.js';
import { releaseTask, renewLease, reportProgress } from '../modules/queue/lease.js';
import type { TaskSignals } from '../modules/queue/signals.js';
import type { FileStore } from '../modules/storage/store.js';
import { cancelVendorClips } from '../modules/clips/cancel-clips.js';
import { storedClipKeys } from '../modules/clips/task-clips.js';
import { completeTask } from '../modules/tasks/complete-task.js';
import { failTask, RENDER_FAILED } from '../modules/tasks/fail-task.js';
import { RenderFailure, type VideoProvider } from '../modules/tasks/video-provider.js';
import { taskOutputKeys } from '../modules/tasks/task-outputs.js';
import type { TaskRow } from '../modules/tasks/video-task.js';
import { holdLease, type LeaseStop } from './held-lease.js';
import { progressReporter } from './progress-reporter.js';
import type { RenderDirs } from './render-dirs.js';
import { CLIPS_SHARE, makeClips, type ClipDeps } from './run-clips.js';
import { prepareRenderTask } from './task-inputs.js';
import { storeOutputs } from './store-outputs.js';
import { deleteThumbnails } from '../modules/storage/thumbnails.js';
import { narrate, type NarrationDeps } from './task-narration.js';

export type WorkerLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface TaskRunnerDeps {
  db: Db;
  store: FileStore;
  config: Pick<ServerConfig, 's3'>;
  provider: VideoProvider;
  signals: TaskSignals;
  log: WorkerLog;
  /** Where each render gets its working directory (workers/render-dirs). */
  workDirs: Pick<RenderDirs, 'make'>;
  /** Progress is stored at most this often. */
  progressEveryMs: number;
  /** The hosted video models and how patiently their clips are waited for (workers/run-clips). */
  clips: Pick<ClipDeps, 'providers' | 'timing'>;
  /** The voice providers configured, for a task with narration (workers/task-narration). */
  voices: NarrationDeps['voices'];
}

/** Why a render was stopped from outside: the user cancelled, the task is no longer ours, or the worker is shutting down. */
type StopReason = 'cancelled' | LeaseStop;

/**
 * Renders a claimed task to its end: pictures in, provider, files to storage, succeeded. While it
 * runs, the lease is renewed every third of its length; a cancel signal, a renewal or progress
 * write that finds the task gone, or `shutdown` aborts the provider. A render error fails the
 * task at once with its refund; a stop on shutdown puts it back in the queue. Never throws: every
 * outcome is written to the task (or, if even that fails, logged, and the lease runs out).
 */
export async function runTask(deps: TaskRunnerDeps, lease: Lease, task: TaskRow, shutdown: AbortSignal): Promise<void> {
  const held = { id: task.id, userId: task.userId, owner: lease.owner, outputToken: task.outputToken };
  const warn = (message: string) => (error: unknown) => deps.log.warn({ err: error, taskId: task.id }, message);
  const holding = holdLease<'cancelled'>({
    leaseMs: lease.leaseMs,
    renew: () => renewLease(deps.db, task.id, lease.owner, lease.leaseMs),
    shutdown,
    onRenewError: warn('lease renewal failed'),
  });
  const { signal, stop } = holding;
  const offCancel = deps.signals.onCancelled((id) => id === task.id && stop('cancelled'));
  const onProgress = progressReporter({
    everyMs: deps.progressEveryMs,
    write: (percent) => reportProgress(deps.db, task.id, lease.owner, percent),
    onLost: () => stop('lost'),
    onError: warn('progress write failed'),
  });

  let workDir: string | undefined;
  try {
    deps.log.info({ taskId: task.id, attempt: task.attempts, owner: lease.owner }, 'rendering');
    workDir = await deps.workDirs.make(`video-task-${task.id}-`);
    const input = await prepareRenderTask(deps, task, workDir);
    signal.throwIfAborted();
    await narrate(deps, task, lease.owner, input, signal);
    signal.throwIfAborted();
    let render = onProgress;
    if (task.model !== 'builtin') {
      input.clips = await makeClips({ ...deps, ...deps.clips }, task, workDir, onProgress, signal);
      // The composing takes the rest of the bar after the clips.
      render = (percent) => onProgress(CLIPS_SHARE + (percent * (100 - CLIPS_SHARE)) / 100);
    }
    const result = await deps.provider.render(input, render, signal);
    signal.throwIfAborted();
    const outputs = await storeOutputs(deps.store, task.outputToken, result);
    if (await completeTask(deps.db, held, outputs)) {
      deps.log.info({ taskId: task.id }, 'rendered');
      // The clips are in the video now.
      if (task.model !== 'builtin') await Promise.all((await storedClipKeys(deps.db, task.id)).map((key) => deps.store.delete(key))).catch(warn('could not remove the clips'));
    } else await discardOutputs(deps, held);
  } catch (error) {
    await afterFailure(deps, held, signal, error).catch(warn('could not record the end of the task'));
  } finally {
    holding.release();
    offCancel();
    if (workDir) await rm(workDir, { recursive: true, force: true }).catch(warn('could not remove the work directory'));
  }
}

async function afterFailure(deps: TaskRunnerDeps, held: { id: number; owner: string; outputToken: string }, signal: AbortSignal, error: unknown): Promise<void> {
  if (signal.aborted) {
    const reason = signal.reason as StopReason;
    deps.log.info({ taskId: held.id, reason }, 'render stopped');
    // Back in the queue, and said so: a worker of another process may take it now.
    if (reason === 'shutdown' && (await releaseTask(deps.db, held.id, held.owner))) await deps.signals.queued();
    // Cancelled or taken over, perhaps while its files were being stored: theirs to keep, or nobody's.
    if (reason !== 'shutdown') await discardOutputs(deps, held);
    return;
  }
  deps.log.error({ err: error, taskId: held.id }, 'render failed');
  if (await failTask(deps.db, held, error instanceof RenderFailure ? error.userMessage : RENDER_FAILED)) {
    // A clip that failed leaves its siblings running at the vendor: stopped, not paid for further.
    await cancelVendorClips({ db: deps.db, providers: deps.clips.providers, log: deps.log }, held.id);
  }
}

/** Removes what this worker stored for a task that then did not become ours to finish — unless another worker finished it. */
async function discardOutputs(deps: TaskRunnerDeps, task: { id: number; outputToken: string }): Promise<void> {
  const [row] = await deps.db.select({ status: videoTasks.status, deletedAt: videoTasks.deletedAt }).from(videoTasks).where(eq(videoTasks.id, task.id));
  if (row && row.deletedAt === null && (row.status === 'succeeded' || row.status === 'processing')) return;
  const keys = taskOutputKeys(task.outputToken);
  await Promise.all([deps.store.delete(keys.video), deps.store.delete(keys.cover), deleteThumbnails(deps.store, keys.cover)]);
}
