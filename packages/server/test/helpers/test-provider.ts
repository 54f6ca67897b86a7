import { EventEmitter } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProgressListener, RenderResult, RenderTask, VideoProvider } from '../../src/modules/tasks/video-provider.js';

/** The bytes of the fake outputs: an MP4's `ftyp` box start and a JPEG's magic number, then the task id. */
export const fakeVideo = (taskId: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftypisom task ${taskId}`)]);
export const fakeCover = (taskId: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`cover ${taskId}`)]);

export interface TestProviderOptions {
  /** Progress steps before the result (default 4). */
  steps?: number;
  /** Time per step (default 10 ms). */
  stepMs?: number;
  /** Thrown after the steps instead of answering. */
  failWith?: Error;
}

export interface RenderCall {
  task: RenderTask;
  /** Each picture's bytes as the provider found them in the work directory. */
  imageBytes: Buffer[];
  /** The music file's bytes as the provider found it in the work directory, when the task has a file. */
  musicBytes?: Buffer;
  progress: number[];
  /** When the signal aborted (ms since the epoch), if it did. */
  abortedAt?: number;
  outcome?: 'done' | 'aborted' | 'failed';
}

/**
 * A deterministic provider for tests: reports progress in even steps, writes tiny fake files,
 * and stops as soon as the signal aborts. Emits `start`, `abort` and `end` with the call.
 */
export class TestProvider extends EventEmitter implements VideoProvider {
  readonly calls: RenderCall[] = [];

  constructor(public options: TestProviderOptions = {}) {
    super();
  }

  async render(task: RenderTask, onProgress: ProgressListener, signal: AbortSignal): Promise<RenderResult> {
    const call: RenderCall = { task, imageBytes: await Promise.all(task.images.map((file) => readFile(file))), progress: [] };
    if (task.music && 'file' in task.music) call.musicBytes = await readFile(task.music.file);
    this.calls.push(call);
    signal.addEventListener('abort', () => {
      call.abortedAt = Date.now();
      this.emit('abort', call);
    });
    this.emit('start', call);
    try {
      const steps = this.options.steps ?? 4;
      for (let step = 1; step <= steps; step++) {
        await sleep(this.options.stepMs ?? 10, undefined, { signal });
        const percent = (step / steps) * 100;
        call.progress.push(percent);
        onProgress(percent);
      }
      if (this.options.failWith) throw this.options.failWith;
      const video = path.join(task.workDir, 'video.mp4');
      const cover = path.join(task.workDir, 'cover.jpg');
      await writeFile(video, fakeVideo(task.id));
      await writeFile(cover, fakeCover(task.id));
      call.outcome = 'done';
      return { video, cover, durationSeconds: task.duration };
    } catch (error) {
      call.outcome = signal.aborted ? 'aborted' : 'failed';
      throw error;
    } finally {
      this.emit('end', call);
    }
  }

  /** The latest render of `taskId`, once one has started. */
  started(taskId: string): Promise<RenderCall> {
    const existing = this.calls.findLast((call) => call.task.id === taskId);
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve) => {
      const listener = (call: RenderCall) => {
        if (call.task.id !== taskId) return;
        this.off('start', listener);
        resolve(call);
      };
      this.on('start', listener);
    });
  }
}
