import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ServerConfig } from '../config.js';
import { claimNextTask, failExhaustedTasks, type Lease } from '../modules/queue/claim.js';
import { claimNextSample, type TemplateRow } from '../modules/templates/template-samples.js';
import { Doorbell } from './doorbell.js';
import { RenderDirs, renderRoot, sweepRenderDirs } from './render-dirs.js';
import { clipProviders } from '../modules/clips/video-models.js';
import { CLIP_TIMING_DEFAULTS, type ClipDeps, type ClipTiming } from './run-clips.js';
import { runSample } from './run-sample.js';
import { runTask, type TaskRunnerDeps } from './run-task.js';
import { voiceProviders } from '../modules/voices/voices.js';

export interface WorkerOptions extends Omit<TaskRunnerDeps, 'workDirs' | 'progressEveryMs' | 'config' | 'clips' | 'voices'> {
  config: Pick<ServerConfig, 's3' | 'dataDir' | 'videoModels' | 'clipTimeoutMinutes' | 'voices'>;
  /** Default: the voice providers configured (modules/voices/voices), with NARRATION_RETRY. */
  voices?: TaskRunnerDeps['voices'];
  /** Default: the hosted models configured (modules/clips/video-models). */
  clipProviders?: ClipDeps['providers'];
  /** Default: CLIP_TIMING_DEFAULTS, and CLIP_TIMEOUT_MINUTES. */
  clipTiming?: Partial<ClipTiming>;
  /** Workers in this process, each rendering one task at a time. */
  count: number;
  /** Prefix of the lease owners (default host:pid:random, unique per process). */
  name?: string;
  /** Default 30 s. */
  leaseMs?: number;
  /** Default 3. */
  maxAttempts?: number;
  /** How often an idle worker looks for work without being woken (default 5 s). */
  pollMs?: number;
  /** Default 500 ms. */
  progressEveryMs?: number;
  /** Where renders keep their working files (default DATA_DIR/tmp/renders, see workers/render-dirs). */
  tempDir?: string;
}

export interface WorkerPool {
  /** Stops claiming, stops the renders running now and puts their tasks back in the queue. */
  stop(): Promise<void>;
}

export const WORKER_DEFAULTS = { leaseMs: 30_000, maxAttempts: 3, pollMs: 5_000, progressEveryMs: 500 } as const;

/**
 * Starts `count` workers: each claims a task, renders it, and claims the next; with no task
 * waiting it renders a template's missing sample (one at a time system-wide, see
 * modules/templates/template-samples); idle, it sleeps until a task is queued (a signal) or the
 * poll interval passes. Before each claim, tasks whose workers died on their last attempt are
 * failed with their refunds. Before the first, the working folders that killed worker processes
 * left behind are removed (workers/render-dirs).
 */
export function startWorkers(options: WorkerOptions): WorkerPool {
  const { leaseMs = WORKER_DEFAULTS.leaseMs, maxAttempts = WORKER_DEFAULTS.maxAttempts, pollMs = WORKER_DEFAULTS.pollMs } = options;
  const name = options.name ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const root = options.tempDir ?? renderRoot(options.config.dataDir);
  const workDirs = new RenderDirs(root);
  const swept = sweepRenderDirs(root).then(
    (removed) => removed.length > 0 && options.log.info({ removed, root }, 'removed the work folders of stopped worker processes'),
    (error: unknown) => options.log.warn({ err: error, root }, 'could not sweep the work folders of stopped worker processes'),
  );
  const deps: TaskRunnerDeps = {
    ...options,
    workDirs,
    progressEveryMs: options.progressEveryMs ?? WORKER_DEFAULTS.progressEveryMs,
    clips: {
      providers: options.clipProviders ?? clipProviders(options.config),
      timing: { ...CLIP_TIMING_DEFAULTS, timeoutMs: options.config.clipTimeoutMinutes * 60_000, ...options.clipTiming },
    },
    voices: options.voices ?? { providers: voiceProviders(options.config) },
  };
  const doorbell = new Doorbell();
  const offQueued = options.signals.onQueued(() => doorbell.ring());
  const shutdown = new AbortController();

  const workLoop = async (lease: Lease) => {
    await swept;
    while (!shutdown.signal.aborted) {
      const since = doorbell.mark();
      const task = await claimOne(lease);
      // Claimed as the shutdown began: runTask (or runSample) sees it and puts the work back.
      if (task) {
        await runTask(deps, lease, task, shutdown.signal);
        continue;
      }
      const sample = await claimSample(lease);
      if (sample) await runSample(deps, lease, sample, shutdown.signal);
      else await doorbell.wait(pollMs, since);
    }
  };
  const claimSample = async (lease: Lease): Promise<TemplateRow | null> => {
    try {
      return await claimNextSample(options.db, lease);
    } catch (error) {
      options.log.error({ err: error }, 'could not claim a template sample');
      return null;
    }
  };
  const claimOne = async (lease: Lease) => {
    try {
      await failExhaustedTasks(options.db, lease.maxAttempts);
      return await claimNextTask(options.db, lease);
    } catch (error) {
      options.log.error({ err: error }, 'could not claim a task');
      return null;
    }
  };

  const loops = Array.from({ length: options.count }, (_, i) =>
    workLoop({ owner: `${name}#${i + 1}`, leaseMs, maxAttempts }),
  );
  return {
    stop: async () => {
      shutdown.abort();
      offQueued();
      doorbell.ring();
      await Promise.all(loops);
      await workDirs.close().catch((error: unknown) => options.log.warn({ err: error }, 'could not remove the work folder'));
    },
  };
}

