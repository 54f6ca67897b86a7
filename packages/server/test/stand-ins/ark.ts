// A stand-in for Volcengine Ark's video generation tasks (Seedance), written from Ark's API
// reference (see src/modules/clips/seedance.ts for the facts): Bearer key, `content` items with
// `role`, top-level ratio / duration / resolution, queued → running → succeeded over polls,
// `{ error: { code, message, param, type } }` errors, sensitive-content refusals at submit and as
// a failed task, 429 RateLimitExceeded over a create rate, DELETE cancelling queued tasks only,
// and result URLs that expire.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeDataUri, readBody, resultUrls } from './stand-in-kit';

export interface ArkStandInOptions {
  apiKey?: string;
  /** Model (or endpoint) ids this account may use, with what each takes. */
  models?: Record<string, { text: boolean; firstFrame: boolean }>;
  queuedPolls?: number;
  runningPolls?: number;
  /** Creates per second before 429. */
  createsPerSecond?: number;
  urlTtlMs?: number;
}

export interface ArkStandInTask {
  id: string;
  model: string;
  prompt: string;
  image: { contentType: string; bytes: number; role: string } | null;
  ratio: string;
  duration: number;
  resolution: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'expired';
  polls: number;
  error: { code: string; message: string } | null;
}

const RATIOS = new Set(['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', 'adaptive']);
const RESOLUTIONS = new Set(['480p', '720p', '1080p']);

export async function startArkStandIn(options: ArkStandInOptions = {}) {
  const apiKey = options.apiKey ?? `ark-${randomBytes(8).toString('hex')}`;
  const models = options.models ?? { 'doubao-seedance-1-0-pro-250528': { text: true, firstFrame: true } };
  const tasks = new Map<string, ArkStandInTask>();
  const counts = { creates: 0, accepted: 0, polls: 0, deletes: 0, downloads: 0 };
  const scripted: { status: number; code: string; message: string }[] = [];
  let recent: number[] = [];
  const settings = {
    queuedPolls: options.queuedPolls ?? 1,
    runningPolls: options.runningPolls ?? 1,
    createsPerSecond: options.createsPerSecond ?? 10,
    urlTtlMs: options.urlTtlMs ?? 24 * 3600_000,
    staleUrls: 0,
  };
  const results = resultUrls('ark-result', settings);
  let sequence = 0;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'X-Request-Id': randomBytes(8).toString('hex'), ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string, param = '', headers: Record<string, string> = {}) =>
    send(res, status, { error: { code, message, param, type: status === 401 ? 'Unauthorized' : status === 429 ? 'TooManyRequests' : status >= 500 ? 'InternalServerError' : 'BadRequest' } }, headers);
  const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${apiKey}`;

  const advance = (task: ArkStandInTask) => {
    task.polls++;
    if (task.status === 'queued' && task.polls > settings.queuedPolls) {
      task.status = 'running';
      task.polls = 0;
    } else if (task.status === 'running' && task.polls > settings.runningPolls) {
      if (task.prompt.includes('敏感输出')) {
        task.status = 'failed';
        task.error = { code: 'OutputVideoSensitiveContentDetected', message: 'The request failed because the output video may contain sensitive information.' };
      } else task.status = 'succeeded';
    }
  };

  const view = (base: string, task: ArkStandInTask) => ({
    id: task.id,
    model: task.model,
    status: task.status,
    ...(task.status === 'succeeded' && { content: { video_url: results.sign(base, task.id) }, usage: { completion_tokens: 108900, total_tokens: 108900 } }),
    ...(task.error && { error: task.error }),
    created_at: 1764000000,
    updated_at: 1764000000 + task.polls,
    ratio: task.ratio,
    duration: task.duration,
    resolution: task.resolution,
    framespersecond: 24,
  });

  const create = async (req: IncomingMessage, res: ServerResponse) => {
    counts.creates++;
    if (!authorized(req)) return error(res, 401, 'AuthenticationError', 'The API key or AK/SK in the request is missing or invalid. Request id: stand-in');
    const forced = scripted.shift();
    if (forced) return error(res, forced.status, forced.code, forced.message);
    const now = Date.now();
    recent = recent.filter((at) => now - at < 1000);
    if (recent.length >= settings.createsPerSecond) return error(res, 429, 'RateLimitExceeded.EndpointRPMExceeded', 'Request rate limit exceeded, please try again later.');
    recent.push(now);
    let body: { model?: unknown; content?: unknown; ratio?: unknown; duration?: unknown; resolution?: unknown };
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return error(res, 400, 'InvalidParameter', 'The request body is not valid JSON.');
    }
    const model = String(body.model ?? '');
    const abilities = models[model];
    if (!body.model) return error(res, 400, 'MissingParameter', 'The request failed because it is missing one or multiple required parameters.', 'model');
    if (!abilities) return error(res, 404, 'InvalidEndpointOrModel.NotFound', `The model or endpoint ${model} does not exist or you do not have access to it.`);
    if (!Array.isArray(body.content) || body.content.length === 0) return error(res, 400, 'MissingParameter', 'The request failed because it is missing one or multiple required parameters.', 'content');
    const texts = body.content.filter((c: { type?: string }) => c?.type === 'text') as { text?: unknown }[];
    const images = body.content.filter((c: { type?: string }) => c?.type === 'image_url') as { image_url?: { url?: unknown }; role?: unknown }[];
    if (texts.length + images.length !== body.content.length) return error(res, 400, 'InvalidParameter', 'The parameter `content.type` specified in the request is not valid.', 'content.type');
    const prompt = typeof texts[0]?.text === 'string' ? texts[0].text : '';
    if (!prompt && images.length === 0) return error(res, 400, 'InvalidParameter', 'The parameter `content` specified in the request is not valid: a text prompt or an image is required.', 'content');
    let image: ArkStandInTask['image'] = null;
    if (images.length > 0) {
      if (!abilities.firstFrame) return error(res, 400, 'InvalidParameter', `The model ${model} does not support image input.`, 'content.image_url');
      const role = images[0]!.role ?? 'first_frame';
      if (role !== 'first_frame') return error(res, 400, 'InvalidParameter', 'The parameter `content.role` specified in the request is not valid.', 'content.role');
      const decoded = decodeDataUri(images[0]!.image_url?.url);
      if (typeof decoded === 'string') return error(res, 400, 'InvalidParameter', `The parameter \`content.image_url.url\` specified in the request is not valid: ${decoded}.`, 'content.image_url.url');
      image = { ...decoded, role: String(role) };
    } else if (!abilities.text) return error(res, 400, 'InvalidParameter', `The model ${model} requires an image.`, 'content');
    const ratio = String(body.ratio ?? '16:9');
    if (!RATIOS.has(ratio) || (ratio === 'adaptive' && !image)) return error(res, 400, 'InvalidParameter', 'The parameter `ratio` specified in the request is not valid.', 'ratio');
    const duration = body.duration ?? 5;
    if (!Number.isInteger(duration) || (duration as number) < 2 || (duration as number) > 12) return error(res, 400, 'InvalidParameter', 'The parameter `duration` specified in the request is not valid.', 'duration');
    const resolution = String(body.resolution ?? '1080p');
    if (!RESOLUTIONS.has(resolution)) return error(res, 400, 'InvalidParameter', 'The parameter `resolution` specified in the request is not valid.', 'resolution');
    if (prompt.includes('违禁')) return error(res, 400, 'InputTextSensitiveContentDetected', 'The request failed because the input text may contain sensitive information.');
    const id = `cgt-20261124${String(++sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}`;
    counts.accepted++;
    tasks.set(id, { id, model, prompt, image, ratio, duration: duration as number, resolution, status: 'queued', polls: 0, error: null });
    return send(res, 200, { id });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const base = `http://${req.headers.host}`;
    void (async () => {
      if (url.pathname === '/api/v3/contents/generations/tasks' && req.method === 'POST') return create(req, res);
      const one = /^\/api\/v3\/contents\/generations\/tasks\/([^/]+)$/.exec(url.pathname);
      if (one) {
        if (!authorized(req)) return error(res, 401, 'AuthenticationError', 'The API key or AK/SK in the request is missing or invalid.');
        const task = tasks.get(decodeURIComponent(one[1]!));
        if (req.method === 'GET') {
          counts.polls++;
          if (!task) return error(res, 404, 'ResourceNotFound', 'The specified task is not found.');
          advance(task);
          return send(res, 200, view(base, task));
        }
        if (req.method === 'DELETE') {
          counts.deletes++;
          if (!task) return error(res, 404, 'ResourceNotFound', 'The specified task is not found.');
          if (task.status === 'running') return error(res, 400, 'InvalidAction.TaskRunning', 'The task is running and cannot be cancelled.');
          if (task.status === 'queued') task.status = 'cancelled';
          else tasks.delete(task.id);
          return send(res, 200, {});
        }
      }
      const resultId = results.match(url.pathname);
      if (req.method === 'GET' && resultId !== null) {
        const task = tasks.get(resultId);
        const [w, h] = task?.ratio === '9:16' ? [360, 640] : task?.ratio === '1:1' ? [480, 480] : [640, 360];
        await results.serve(url, res, task && { seconds: task.duration, width: w, height: h });
        counts.downloads = results.served;
        return;
      }
      return error(res, 404, 'NotFound', 'The requested resource is not found.');
    })().catch((err: unknown) => {
      if (!res.headersSent) error(res, 500, 'InternalServiceError', String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** As ARK_BASE_URL takes it. */
    url: `http://127.0.0.1:${port}/api/v3`,
    apiKey,
    tasks,
    counts,
    settings,
    failNext(n: number, status: 429 | 500 | 503) {
      const [code, message] = status === 429 ? ['ServerOverloaded', 'The service is currently overloaded, please try again later.'] : ['InternalServiceError', 'The service encountered an unexpected internal error.'];
      for (let i = 0; i < n; i++) scripted.push({ status, code, message });
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export type ArkStandIn = Awaited<ReturnType<typeof startArkStandIn>>;
