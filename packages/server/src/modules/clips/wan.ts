// Alibaba Cloud Model Studio (DashScope) Wan: text-to-video and image-to-video (first frame).
// From the vendor's API reference ("Wan - text-to-video / image-to-video API reference", and the
// DashScope SDKs' AsyncTaskApi):
// - POST {base}/api/v1/services/aigc/video-generation/video-synthesis with `Authorization: Bearer
//   <DASHSCOPE_API_KEY>`, `Content-Type: application/json` and `X-DashScope-Async: enable` (HTTP
//   calls are asynchronous only; without the header: 403 AccessDenied). Body `{ model, input:
//   { prompt, img_url? }, parameters: { size "W*H" (text-to-video) | resolution "720P"
//   (image-to-video, the ratio follows the picture), duration 5|10, prompt_extend, watermark } }`;
//   `img_url` takes a public URL or `data:<type>;base64,…`. Answer `{ request_id, output: { task_id,
//   task_status: "PENDING" } }`.
// - GET {base}/api/v1/tasks/{task_id} → `output.task_status` PENDING | RUNNING | SUCCEEDED | FAILED |
//   CANCELED | UNKNOWN (no such task, or older than its 24 h), `output.video_url` (valid 24 h),
//   `output.code` / `output.message` on failure.
// - POST {base}/api/v1/tasks/{task_id}/cancel: only a PENDING task can be cancelled.
// - Errors: `{ request_id, code, message }` with HTTP 400 InvalidParameter, 400 DataInspectionFailed
//   (content moderation, also as a failed task's output.code; IPInfringementSuspect likewise),
//   401 InvalidApiKey, 403 AccessDenied, 429 Throttling[.RateQuota|.AllocationQuota], 500 InternalError.
// - Limits: task submission about 5 RPS per account and few tasks running at once; clips of 5 or
//   10 s (wan2.5), sizes 1280*720, 720*1280, 960*960 at 720P.
import type { AspectRatio } from '@app/contract';
import { VendorError, type ClipProvider, type ClipRequest, type ClipState, type ClipStatus } from './clip-provider.js';
import { dataUri, downloadResult, kindOfStatus, retryAfterSeconds, vendorFetch, type VendorResponse } from './vendor-http.js';

export interface WanSettings {
  apiKey: string;
  /** Default https://dashscope.aliyuncs.com (Beijing); https://dashscope-intl.aliyuncs.com for Singapore. */
  baseUrl: string;
  t2vModel: string;
  i2vModel: string;
  pointsPerSecond: number;
}

export const WAN_DEFAULTS = { baseUrl: 'https://dashscope.aliyuncs.com', t2vModel: 'wan2.5-t2v-preview', i2vModel: 'wan2.5-i2v-preview' } as const;

/** 720P sizes by ratio (width*height, as DashScope writes them). */
const SIZES: Record<AspectRatio, string> = { '16:9': '1280*720', '9:16': '720*1280', '1:1': '960*960' };
const MODERATION_CODES = new Set(['DataInspectionFailed', 'DataInspection', 'IPInfringementSuspect', 'data_inspection_failed']);
const STATUSES: Record<string, ClipStatus> = {
  PENDING: 'queued', RUNNING: 'running', SUCCEEDED: 'succeeded', FAILED: 'failed', CANCELED: 'cancelled', UNKNOWN: 'expired',
};

interface DashScopeError { code?: string; message?: string }
interface DashScopeTask { output?: { task_id?: string; task_status?: string; video_url?: string; code?: string; message?: string } }

export function createWanProvider(settings: WanSettings): ClipProvider {
  const base = `${settings.baseUrl.replace(/\/+$/, '')}/api/v1`;
  const headers = { Authorization: `Bearer ${settings.apiKey}`, 'Content-Type': 'application/json' };

  const call = async (url: string, init: RequestInit, signal: AbortSignal): Promise<VendorResponse> => {
    const response = await vendorFetch(url, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } }, signal);
    if (response.status >= 200 && response.status < 300) return response;
    const error = (response.json ?? {}) as DashScopeError;
    const said = `DashScope ${response.status} ${error.code ?? ''}: ${error.message ?? response.text.slice(0, 200)}`;
    if (error.code && MODERATION_CODES.has(error.code)) throw new VendorError('moderation', said);
    const kind = error.code?.startsWith('Throttling') ? 'rate-limited' : kindOfStatus(response.status);
    throw new VendorError(kind, said, retryAfterSeconds(response.headers));
  };

  return {
    info: {
      id: 'wan',
      name: '通义万相',
      description: '阿里云通义万相视频模型：一句话或一张照片生成 5–10 秒的动态画面',
      modes: ['text', 'image'],
      aspectRatios: ['9:16', '16:9', '1:1'],
      clipSeconds: [5, 10],
      concurrency: 2,
      pointsPerSecond: settings.pointsPerSecond,
    },

    async submit(request: ClipRequest, signal) {
      const body = request.image
        ? {
            model: settings.i2vModel,
            input: { prompt: request.prompt, img_url: dataUri(request.image) },
            parameters: { resolution: '720P', duration: request.seconds, prompt_extend: true, watermark: false },
          }
        : {
            model: settings.t2vModel,
            input: { prompt: request.prompt },
            parameters: { size: SIZES[request.aspectRatio], duration: request.seconds, prompt_extend: true, watermark: false },
          };
      const response = await call(`${base}/services/aigc/video-generation/video-synthesis`, {
        method: 'POST',
        headers: { 'X-DashScope-Async': 'enable' },
        body: JSON.stringify(body),
      }, signal);
      const id = (response.json as DashScopeTask | undefined)?.output?.task_id;
      if (!id) throw new VendorError('unavailable', 'DashScope answered without a task_id');
      return id;
    },

    async poll(id, signal): Promise<ClipState> {
      const response = await call(`${base}/tasks/${encodeURIComponent(id)}`, { method: 'GET' }, signal);
      const output = (response.json as DashScopeTask | undefined)?.output ?? {};
      let status = STATUSES[output.task_status ?? ''] ?? 'running';
      if (status === 'failed' && output.code && MODERATION_CODES.has(output.code)) status = 'moderation';
      if (status === 'succeeded' && !output.video_url) status = 'failed';
      return {
        status,
        ...(output.video_url && { url: output.video_url }),
        ...((output.code || output.message) && { message: `${output.code ?? ''} ${output.message ?? ''}`.trim() }),
      };
    },

    async cancel(id, signal) {
      try {
        await call(`${base}/tasks/${encodeURIComponent(id)}/cancel`, { method: 'POST' }, signal);
      } catch (error) {
        // Only PENDING tasks can be cancelled; a running or finished one answers 400: nothing to stop.
        if (error instanceof VendorError && error.kind === 'rejected') return;
        throw error;
      }
    },

    download(state, signal) {
      if (!state.url) throw new VendorError('expired', 'no result URL');
      return downloadResult(state.url, signal);
    },
  };
}
