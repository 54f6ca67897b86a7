import type { AspectRatio } from '@app/contract';

/**
 * A hosted (or self-hosted) video model as the AI video pipeline sees it (issue 13): it makes one
 * short clip per request, asynchronously — submit, then poll the vendor's task until it is done —
 * and the pipeline downloads the clip at once (vendors' result URLs expire within hours) and
 * composes the clips with our engine.
 *
 * Every adapter follows its vendor's own documentation exactly (endpoints, auth, headers, fields,
 * statuses, error shapes) and is tested against a local stand-in server written from that
 * documentation. Keys never reach a log line, an error message or an answer.
 */
export type ClipProviderId = 'wan' | 'seedance' | 'kling' | 'comfyui';

/** One clip to make. */
export interface ClipRequest {
  /** What the clip shows (a sentence or two of the script; the title for context). */
  prompt: string;
  /** Image-to-video: the user's picture, as bytes (adapters send what their vendor takes: a data URI, base64, an upload). */
  image?: { bytes: Uint8Array; contentType: 'image/jpeg' | 'image/png' | 'image/webp' };
  aspectRatio: AspectRatio;
  /** Seconds; always one of the provider's `clipDurations`. */
  duration: number;
}

/** What the vendor says of a submitted clip. */
export type ClipState =
  | { status: 'queued' | 'running' }
  | { status: 'succeeded'; videoUrl: string }
  /**
   * `moderation`: the vendor's content check refused the prompt or the picture (the user is told
   * in Chinese, and refunded); `failed`: the vendor failed it for another reason; `cancelled`;
   * `expired`: the vendor no longer knows the task or its result (e.g. past its retention).
   */
  | { status: 'moderation' | 'failed' | 'cancelled' | 'expired'; message: string };

export interface ClipProviderInfo {
  id: ClipProviderId;
  /** Shown on the model card of 极速生成视频. */
  name: string;
  description: string;
  /** `text`: text-to-video; `image`: image-to-video. */
  modes: ReadonlyArray<'text' | 'image'>;
  aspectRatios: readonly AspectRatio[];
  /** The clip lengths (seconds) the model makes. */
  clipDurations: readonly number[];
  /** How many of this account's clips may run at once (the vendor's concurrency limit). */
  maxConcurrency: number;
  pointsPerSecond: number;
}

export interface ClipProvider extends ClipProviderInfo {
  /** Submits one clip; resolves the vendor's task id (stored before anything else happens). */
  submit(request: ClipRequest, signal?: AbortSignal): Promise<string>;
  /** The state of a submitted clip. */
  poll(taskId: string, signal?: AbortSignal): Promise<ClipState>;
  /** Asks the vendor to stop a clip where it can; resolves when it said yes or cannot cancel (never rejects for "already done"). */
  cancel(taskId: string): Promise<void>;
}

/**
 * A vendor call that failed as a whole (not a clip the vendor failed):
 * - `rate-limited` (HTTP 429 or the vendor's throttling code): retry after `retryAfterMs` or with backoff;
 * - `unavailable` (5xx, a time-out, the network): retry with backoff a bounded number of times;
 * - `rejected` (4xx: bad request, auth, quota, an unknown task): do not retry;
 * - `moderation`: the vendor refused the input at submit (some vendors check there, not later).
 * `message` is for the log (no key in it); `userMessage`, when set, is Chinese and fit to show.
 */
export class VendorError extends Error {
  constructor(
    readonly kind: 'rate-limited' | 'unavailable' | 'rejected' | 'moderation',
    message: string,
    readonly options: { status?: number; code?: string; retryAfterMs?: number; userMessage?: string } = {},
  ) {
    super(message);
    this.name = 'VendorError';
  }
}
