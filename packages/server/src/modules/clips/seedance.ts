// Volcengine Ark (火山方舟) Seedance: text-to-video and image-to-video from the first frame.
// From Ark's "视频生成 API" reference (创建 / 查询 / 取消或删除视频生成任务):
// - POST {base}/contents/generations/tasks with `Authorization: Bearer <ARK_API_KEY>`, body
//   `{ model, content: [{ type: 'text', text }, { type: 'image_url', image_url: { url }, role:
//   'first_frame' }], ratio, duration, resolution, watermark }`; `image_url.url` takes a URL or
//   `data:image/<type>;base64,…`. Answer `{ id }`.
// - GET {base}/contents/generations/tasks/{id} → `{ id, model, status: queued | running |
//   cancelled | succeeded | failed | expired, content: { video_url }, error: { code, message },
//   ratio, duration, resolution, created_at, updated_at }`; `video_url` is valid for 24 h.
// - DELETE {base}/contents/generations/tasks/{id}: cancels a queued task (a running one cannot be
//   cancelled; a finished one's record is deleted).
// - Errors: `{ error: { code, message, param, type } }` — 400 InvalidParameter / MissingParameter,
//   400 InputTextSensitiveContentDetected / InputImageSensitiveContentDetected (moderation; and
//   OutputVideoSensitiveContentDetected as a failed task's error), 401 AuthenticationError,
//   404 InvalidEndpointOrModel.NotFound / ModelNotOpen, 429 RateLimitExceeded* / QuotaExceeded /
//   ServerOverloaded, 500 InternalServiceError.
// - Seedance 1.0: ratios 16:9, 4:3, 1:1, 3:4, 9:16, 21:9 (and adaptive for first-frame), 480p /
//   720p / 1080p; clips of 5 or 10 s here (the models accept more lengths); about 10 tasks
//   running at once and a few hundred creates a minute per account.
// Ark ships SDKs for Python, Go and Java; none for Node covers this task API, so plain HTTP.
import { VendorError, type ClipProvider, type ClipState, type ClipStatus } from './clip-provider.js';
import { dataUri, downloadResult, kindOfStatus, retryAfterSeconds, vendorFetch, type VendorResponse } from './vendor-http.js';

export interface SeedanceSettings {
  apiKey: string;
  /** Default https://ark.cn-beijing.volces.com/api/v3. */
  baseUrl: string;
  /** A model id or an endpoint id (ep-…) that takes text and a first frame, e.g. doubao-seedance-1-0-pro-250528. */
  model: string;
  pointsPerSecond: number;
}

const STATUSES: Record<string, ClipStatus> = {
  queued: 'queued', running: 'running', succeeded: 'succeeded', failed: 'failed', cancelled: 'cancelled', expired: 'expired',
};

export const isSensitive = (code: string | undefined) => !!code && /Sensitive|RiskDetection|ContentFilter/i.test(code);

interface ArkError { error?: { code?: string; message?: string } }
interface ArkTask { id?: string; status?: string; content?: { video_url?: string }; error?: { code?: string; message?: string } | null }

export function createSeedanceProvider(settings: SeedanceSettings): ClipProvider {
  const tasks = `${settings.baseUrl.replace(/\/+$/, '')}/contents/generations/tasks`;
  const headers = { Authorization: `Bearer ${settings.apiKey}`, 'Content-Type': 'application/json' };

  const call = async (url: string, init: RequestInit, signal: AbortSignal): Promise<VendorResponse> => {
    const response = await vendorFetch(url, { ...init, headers }, signal);
    if (response.status >= 200 && response.status < 300) return response;
    const { code, message } = (response.json as ArkError | undefined)?.error ?? {};
    const said = `Ark ${response.status} ${code ?? ''}: ${message ?? response.text.slice(0, 200)}`;
    if (isSensitive(code)) throw new VendorError('moderation', said);
    throw new VendorError(kindOfStatus(response.status), said, retryAfterSeconds(response.headers));
  };

  return {
    info: {
      id: 'seedance',
      name: '豆包 Seedance',
      description: '字节跳动豆包视频模型：镜头运动流畅，文字或照片生成 5–10 秒画面',
      modes: ['text', 'image'],
      aspectRatios: ['9:16', '16:9', '1:1'],
      clipSeconds: [5, 10],
      concurrency: 3,
      pointsPerSecond: settings.pointsPerSecond,
    },

    async submit(request, signal) {
      const content: unknown[] = [{ type: 'text', text: request.prompt }];
      if (request.image) content.push({ type: 'image_url', image_url: { url: dataUri(request.image) }, role: 'first_frame' });
      const response = await call(tasks, {
        method: 'POST',
        body: JSON.stringify({ model: settings.model, content, ratio: request.aspectRatio, duration: request.seconds, resolution: '720p', watermark: false }),
      }, signal);
      const id = (response.json as ArkTask | undefined)?.id;
      if (!id) throw new VendorError('unavailable', 'Ark answered without a task id');
      return id;
    },

    async poll(id, signal): Promise<ClipState> {
      const task = ((await call(`${tasks}/${encodeURIComponent(id)}`, { method: 'GET' }, signal)).json ?? {}) as ArkTask;
      let status = STATUSES[task.status ?? ''] ?? 'running';
      if (status === 'failed' && isSensitive(task.error?.code)) status = 'moderation';
      if (status === 'succeeded' && !task.content?.video_url) status = 'failed';
      return {
        status,
        ...(task.content?.video_url && { url: task.content.video_url }),
        ...(task.error && { message: `${task.error.code ?? ''} ${task.error.message ?? ''}`.trim() }),
      };
    },

    async cancel(id, signal) {
      try {
        await call(`${tasks}/${encodeURIComponent(id)}`, { method: 'DELETE' }, signal);
      } catch (error) {
        // A running task cannot be cancelled, an unknown one is gone: nothing to stop.
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
