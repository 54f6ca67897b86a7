// A hosted (or self-hosted) video model as the workers use it: submit one clip, poll it, cancel
// it, fetch its file. Each vendor's adapter (wan, seedance, kling, comfyui) follows that vendor's
// own API; the workers (workers/run-clips) plan the segments, store every vendor task id before
// anything else, and compose the clips with the engine.
import type { AspectRatio } from '@app/contract';

export type ClipMode = 'text' | 'image';

/** What a model offers, as `POST /api/v1/video_task/models` lists it and the planner obeys it. */
export interface ClipModelInfo {
  id: string;
  /** Shown to users (Chinese), e.g. 通义万相. */
  name: string;
  /** One sentence for users: what it does. */
  description: string;
  modes: ClipMode[];
  aspectRatios: AspectRatio[];
  /** The clip lengths (seconds) the vendor accepts, ascending, e.g. [5, 10]. */
  clipSeconds: number[];
  /** Clips of one video submitted at once (the vendor's concurrency for one account, kept modest). */
  concurrency: number;
  pointsPerSecond: number;
}

export interface ClipImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
}

export interface ClipRequest {
  /** What the clip shows (from the script, in the user's words). */
  prompt: string;
  /** image-to-video when present, text-to-video otherwise. */
  image?: ClipImage;
  aspectRatio: AspectRatio;
  /** One of `clipSeconds`. */
  seconds: number;
  /**
   * Ours, unique per segment and stable across retries: a vendor that takes a client-side id
   * (Kling `external_task_id`, ComfyUI `prompt_id`) gets it, so a submit whose answer was lost
   * can be found again with `find` instead of paid for twice.
   */
  clientId: string;
}

export type ClipStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'moderation' | 'cancelled' | 'expired';

export interface ClipState {
  status: ClipStatus;
  /** succeeded: where the clip can be fetched (vendor URLs expire within hours: fetch at once). */
  url?: string;
  /** The vendor's own words for a failure or refusal (for the log; users get our Chinese message). */
  message?: string;
  /** 0–100 when the vendor reports it. */
  progress?: number;
}

export interface ClipProvider {
  readonly info: ClipModelInfo;
  /** Submits one clip; answers the vendor's task id. */
  submit(request: ClipRequest, signal: AbortSignal): Promise<string>;
  /** The vendor task id of a clip submitted with this clientId, or null when the vendor has none (only where the vendor supports client ids). */
  find?(clientId: string, signal: AbortSignal): Promise<string | null>;
  poll(vendorTaskId: string, signal: AbortSignal): Promise<ClipState>;
  /** Tells the vendor to stop, where it can; a task already finished or unknown is not an error. */
  cancel(vendorTaskId: string, signal: AbortSignal): Promise<void>;
  /** The clip's bytes (an MP4) from a succeeded state; an expired URL throws VendorError('expired'). */
  download(state: ClipState, signal: AbortSignal): Promise<Buffer>;
}

/**
 * How a vendor call failed, as the workers act on it:
 * - rate-limited (429, QPS or concurrency), unavailable (5xx, network, time-out): retried with backoff;
 * - rejected (4xx: bad key, bad field, unsupported size…): the task fails;
 * - moderation (the vendor's content check refused the prompt or picture): the task fails with a reason users understand;
 * - expired: the result URL is gone.
 */
export type VendorErrorKind = 'rate-limited' | 'unavailable' | 'rejected' | 'moderation' | 'expired';

export class VendorError extends Error {
  constructor(
    readonly kind: VendorErrorKind,
    message: string,
    /** Seconds the vendor asked us to wait (Retry-After), when it said. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'VendorError';
  }
}
