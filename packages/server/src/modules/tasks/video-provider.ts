import { type AspectRatio } from '@app/contract';

// The renderer as the workers see it. packages/engine implements the same shape; the server
// keeps its own copy so it builds and tests without the engine.

/** What a provider renders: a task with its pictures already on local disk. */
export interface RenderTask {
  id: string;
  title: string;
  prompt: string;
  /** Local file paths of the user's pictures, in order (downloaded from storage into `workDir`). */
  images: string[];
  aspectRatio: AspectRatio;
  /** Seconds: the video is exactly this long. */
  duration: number;
  template?: { title?: string; style?: string; params?: Record<string, unknown> };
  /** A fresh directory the provider may write into; removed after the task. */
  workDir: string;
}

export interface RenderResult {
  /** Path of the finished MP4 (inside `workDir`). */
  video: string;
  /** Path of a JPEG frame of it. */
  cover: string;
  durationSeconds: number;
}

/** Progress in percent, 0..100 (the worker throttles what it stores). */
export type ProgressListener = (percent: number) => void;

/**
 * Renders one task. Must stop soon after `signal` aborts (cancel, shutdown, lost lease) and then
 * reject; whatever it rejects with otherwise fails the task.
 */
export interface VideoProvider {
  render(task: RenderTask, onProgress: ProgressListener, signal: AbortSignal): Promise<RenderResult>;
}

/** A failure the user should read as it is (e.g. 图片无法读取); other errors get a generic message. */
export class RenderFailure extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'RenderFailure';
  }
}
