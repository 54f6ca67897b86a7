// Kling (可灵) official API: text-to-video and image-to-video. From Kling's API documentation
// (接口鉴权, 文生视频, 图生视频, 错误码):
// - Every request carries `Authorization: Bearer <JWT>`, the JWT signed HS256 with the secret key:
//   header `{ alg: 'HS256', typ: 'JWT' }`, payload `{ iss: <access key>, exp: now + 1800, nbf: now - 5 }`.
// - POST {base}/v1/videos/text2video `{ model_name, prompt, negative_prompt?, mode: 'std' | 'pro',
//   aspect_ratio: '16:9' | '9:16' | '1:1', duration: '5' | '10' (a string), external_task_id? }`;
//   POST {base}/v1/videos/image2video the same with `image` (Base64 without a `data:` prefix, or
//   a URL) and no aspect_ratio (the picture's shape decides).
// - Answers `{ code, message, request_id, data: { task_id, task_status, task_status_msg,
//   task_info: { external_task_id }, task_result: { videos: [{ id, url, duration }] } } }`; code 0
//   is success. GET {base}/v1/videos/{text2video|image2video}/{task_id or external_task_id}.
//   task_status: submitted → processing → succeed | failed. Result URLs are kept for 30 days.
// - Errors by `code` (with its HTTP status): 1000–1004 auth (401), 1100 account, 1101 in arrears,
//   1102 resource pack used up (429, not to be retried), 1103 no permission (403), 1200/1201
//   invalid request (400), 1203 not found (404), 1300 platform policy, 1301 content security
//   (400: moderation), 1302 too fast, 1303 concurrency or QPS over the pack's limit (429),
//   5000 / 5001 / 5002 server error, unavailable, timed out (500 / 503 / 504).
// - There is no cancel call: a submitted clip runs to its end.
import { createHmac } from 'node:crypto';
import { VendorError, type ClipProvider, type ClipRequest, type ClipState, type ClipStatus } from './clip-provider.js';
import { downloadResult, retryAfterSeconds, vendorFetch } from './vendor-http.js';

export interface KlingSettings {
  accessKey: string;
  secretKey: string;
  /** Default https://api-beijing.klingai.com; https://api-singapore.klingai.com outside China. */
  baseUrl: string;
  /** A model that does both text and image, e.g. kling-v1-6. */
  model: string;
  pointsPerSecond: number;
}

const STATUSES: Record<string, ClipStatus> = { submitted: 'queued', processing: 'running', succeed: 'succeeded', failed: 'failed' };
type Kind = 'text2video' | 'image2video';

/** The JWT Kling wants on every request, valid 30 minutes. */
export function klingToken(accessKey: string, secretKey: string, now = Date.now()): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const seconds = Math.floor(now / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: accessKey, exp: seconds + 1800, nbf: seconds - 5 })}`;
  return `${unsigned}.${createHmac('sha256', secretKey).update(unsigned).digest('base64url')}`;
}

interface KlingAnswer {
  code?: number;
  message?: string;
  data?: { task_id?: string; task_status?: string; task_status_msg?: string; task_result?: { videos?: { url?: string }[] } };
}

/** What a Kling error code means for us (the HTTP status alone would call an empty resource pack "rate limited"). */
function kindOfCode(code: number, status: number): VendorError['kind'] {
  if (code === 1301) return 'moderation';
  if (code === 1302 || code === 1303) return 'rate-limited';
  if (code >= 5000 || status >= 500) return 'unavailable';
  return 'rejected';
}

const REFUSED_BY_RISK_CONTROL = /risk|风控|安全|sensitive|违规/i;

export function createKlingProvider(settings: KlingSettings): ClipProvider {
  const base = `${settings.baseUrl.replace(/\/+$/, '')}/v1/videos`;

  const call = async (url: string, init: RequestInit, signal: AbortSignal): Promise<KlingAnswer> => {
    const headers = { Authorization: `Bearer ${klingToken(settings.accessKey, settings.secretKey)}`, 'Content-Type': 'application/json' };
    const response = await vendorFetch(url, { ...init, headers }, signal);
    const answer = (response.json ?? {}) as KlingAnswer;
    if (response.status >= 200 && response.status < 300 && answer.code === 0) return answer;
    const code = answer.code ?? 0;
    throw new VendorError(kindOfCode(code, response.status), `Kling ${response.status} code ${code}: ${answer.message ?? response.text.slice(0, 200)}`, retryAfterSeconds(response.headers));
  };

  const state = (answer: KlingAnswer): ClipState => {
    const data = answer.data ?? {};
    let status = STATUSES[data.task_status ?? ''] ?? 'running';
    const url = data.task_result?.videos?.[0]?.url;
    if (status === 'failed' && REFUSED_BY_RISK_CONTROL.test(data.task_status_msg ?? '')) status = 'moderation';
    if (status === 'succeeded' && !url) status = 'failed';
    return { status, ...(url && { url }), ...(data.task_status_msg && { message: data.task_status_msg }) };
  };

  /** Our ids say which endpoint a task lives under (Kling's own ids do not). */
  const kindOf = (request: Pick<ClipRequest, 'image'>): Kind => (request.image ? 'image2video' : 'text2video');
  const split = (id: string): [Kind, string] => {
    const [kind, taskId] = id.split(':', 2) as [Kind, string];
    return taskId ? [kind, taskId] : ['text2video', kind];
  };

  return {
    info: {
      id: 'kling',
      name: '可灵',
      description: '快手可灵视频模型：人物与动作自然，文字或照片生成 5–10 秒画面',
      modes: ['text', 'image'],
      aspectRatios: ['9:16', '16:9', '1:1'],
      clipSeconds: [5, 10],
      concurrency: 2,
      pointsPerSecond: settings.pointsPerSecond,
    },

    async submit(request, signal) {
      const kind = kindOf(request);
      const body = {
        model_name: settings.model,
        prompt: request.prompt,
        mode: 'std',
        duration: String(request.seconds),
        external_task_id: request.clientId,
        ...(request.image ? { image: request.image.bytes.toString('base64') } : { aspect_ratio: request.aspectRatio }),
      };
      const answer = await call(`${base}/${kind}`, { method: 'POST', body: JSON.stringify(body) }, signal);
      if (!answer.data?.task_id) throw new VendorError('unavailable', 'Kling answered without a task_id');
      return `${kind}:${answer.data.task_id}`;
    },

    async find(clientId, signal) {
      for (const kind of ['text2video', 'image2video'] as const) {
        try {
          const answer = await call(`${base}/${kind}/${encodeURIComponent(clientId)}`, { method: 'GET' }, signal);
          if (answer.data?.task_id) return `${kind}:${answer.data.task_id}`;
        } catch (error) {
          // 1203: no such task under this endpoint.
          if (!(error instanceof VendorError && error.kind === 'rejected')) throw error;
        }
      }
      return null;
    },

    async poll(id, signal) {
      const [kind, taskId] = split(id);
      return state(await call(`${base}/${kind}/${encodeURIComponent(taskId)}`, { method: 'GET' }, signal));
    },

    // Kling has no cancel: the clip finishes at the vendor and is simply not collected.
    async cancel() {},

    download(clip, signal) {
      if (!clip.url) throw new VendorError('expired', 'no result URL');
      return downloadResult(clip.url, signal);
    },
  };
}
