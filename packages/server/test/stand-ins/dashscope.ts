// A stand-in for DashScope's Wan video synthesis, written from the vendor's API reference (see
// src/modules/clips/wan.ts for the facts): Bearer key, the X-DashScope-Async header, the model's
// fields, PENDING → RUNNING → SUCCEEDED over polls, `{ request_id, code, message }` errors,
// DataInspectionFailed at submit and as a failed task, 429 Throttling.RateQuota over a submit rate,
// at most `concurrency` tasks RUNNING (the rest stay PENDING), cancel of PENDING tasks only, and
// result URLs signed OSS-style that answer 403 once expired.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeDataUri, readBody, resultUrls } from './stand-in-kit';

export interface DashScopeStandInOptions {
  apiKey?: string;
  t2vModels?: string[];
  i2vModels?: string[];
  /** Polls a task stays PENDING (after a running slot is free), then RUNNING, before it ends. */
  pendingPolls?: number;
  runningPolls?: number;
  /** Tasks RUNNING at once for the account; more wait PENDING. */
  concurrency?: number;
  /** Submits per second before 429 Throttling.RateQuota. */
  submitsPerSecond?: number;
  /** How long a result URL is valid. */
  urlTtlMs?: number;
}

export interface StandInTask {
  id: string;
  model: string;
  prompt: string;
  image: { contentType: string; bytes: number } | null;
  size: string | null;
  resolution: string | null;
  duration: number;
  status: 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';
  polls: number;
  code?: string;
  message?: string;
}

const SIZES = new Set(['832*480', '480*832', '624*624', '1280*720', '720*1280', '960*960', '1088*832', '832*1088', '1920*1080', '1080*1920', '1440*1440']);
const RESOLUTIONS = new Set(['480P', '720P', '1080P']);

export async function startDashScopeStandIn(options: DashScopeStandInOptions = {}) {
  const apiKey = options.apiKey ?? 'sk-stand-in-dashscope';
  const t2v = new Set(options.t2vModels ?? ['wan2.5-t2v-preview']);
  const i2v = new Set(options.i2vModels ?? ['wan2.5-i2v-preview']);
  const tasks = new Map<string, StandInTask>();
  const counts = { submits: 0, accepted: 0, polls: 0, cancels: 0, downloads: 0 };
  const scripted: { status: number; code: string; message: string }[] = [];
  let recentSubmits: number[] = [];
  const settings = {
    pendingPolls: options.pendingPolls ?? 1,
    runningPolls: options.runningPolls ?? 1,
    concurrency: options.concurrency ?? 2,
    submitsPerSecond: options.submitsPerSecond ?? 5,
    urlTtlMs: options.urlTtlMs ?? 24 * 3600_000,
    /** The next this many result URLs answered are already past their expiry. */
    staleUrls: 0,
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { request_id: randomUUID(), code, message });

  const results = resultUrls('dashscope-result', settings);

  /** Moves a task on by one poll: PENDING waits for a running slot. */
  const advance = (task: StandInTask) => {
    task.polls++;
    if (task.status === 'PENDING') {
      const running = [...tasks.values()].filter((t) => t.status === 'RUNNING').length;
      if (task.polls > settings.pendingPolls && running < settings.concurrency) {
        task.status = 'RUNNING';
        task.polls = 0;
      }
    } else if (task.status === 'RUNNING' && task.polls > settings.runningPolls) {
      if (task.prompt.includes('敏感输出')) {
        task.status = 'FAILED';
        task.code = 'DataInspectionFailed';
        task.message = 'Output data may contain inappropriate content.';
      } else if (task.prompt.includes('生成失败')) {
        task.status = 'FAILED';
        task.code = 'InternalError.Algo';
        task.message = 'An internal error has occured during algorithm execution.';
      } else task.status = 'SUCCEEDED';
    }
  };

  const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${apiKey}`;

  const submit = async (req: IncomingMessage, res: ServerResponse) => {
    counts.submits++;
    if (!authorized(req)) return error(res, 401, 'InvalidApiKey', 'Invalid API-key provided.');
    if (req.headers['x-dashscope-async'] !== 'enable') return error(res, 403, 'AccessDenied', 'current user api does not support synchronous calls');
    const now = Date.now();
    recentSubmits = recentSubmits.filter((at) => now - at < 1000);
    const forced = scripted.shift();
    if (forced) return error(res, forced.status, forced.code, forced.message);
    if (recentSubmits.length >= settings.submitsPerSecond) return error(res, 429, 'Throttling.RateQuota', 'Requests rate limit exceeded, please try again later.');
    recentSubmits.push(now);
    if (!String(req.headers['content-type']).startsWith('application/json')) return error(res, 400, 'InvalidParameter', 'Content-Type must be application/json');
    let body: { model?: unknown; input?: { prompt?: unknown; img_url?: unknown }; parameters?: { size?: unknown; resolution?: unknown; duration?: unknown } };
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return error(res, 400, 'InvalidParameter', 'The request body is not valid JSON.');
    }
    const model = String(body.model ?? '');
    if (!t2v.has(model) && !i2v.has(model)) return error(res, 400, 'InvalidParameter', 'Model not exist.');
    const prompt = body.input?.prompt;
    if (typeof prompt !== 'string' || prompt.length === 0) return error(res, 400, 'InvalidParameter', 'Field required: input.prompt');
    if (prompt.length > 2000) return error(res, 400, 'InvalidParameter', 'Range of input.prompt length should be [1, 2000]');
    const parameters = body.parameters ?? {};
    const duration = parameters.duration ?? 5;
    if (duration !== 5 && duration !== 10) return error(res, 400, 'InvalidParameter', 'The duration should be 5 or 10.');
    let image: StandInTask['image'] = null;
    if (i2v.has(model)) {
      const decoded = decodeDataUri(body.input?.img_url);
      if (decoded === 'missing') return error(res, 400, 'InvalidParameter', 'Field required: input.img_url');
      if (typeof decoded === 'string') return error(res, 400, 'InvalidParameter', decoded.startsWith('bytes') ? 'The image format is illegal.' : 'The image url is invalid.');
      image = decoded;
      if (parameters.resolution !== undefined && !RESOLUTIONS.has(String(parameters.resolution))) {
        return error(res, 400, 'InvalidParameter', 'The resolution should be one of 480P, 720P, 1080P.');
      }
    } else if (parameters.size !== undefined && !SIZES.has(String(parameters.size))) {
      return error(res, 400, 'InvalidParameter', `The size is not supported: ${String(parameters.size)}`);
    }
    if (prompt.includes('违禁')) return error(res, 400, 'DataInspectionFailed', 'Input data may contain inappropriate content.');
    const id = randomUUID();
    counts.accepted++;
    tasks.set(id, {
      id, model, prompt, image, duration: Number(duration), status: 'PENDING', polls: 0,
      size: i2v.has(model) ? null : String(parameters.size ?? '1920*1080'),
      resolution: i2v.has(model) ? String(parameters.resolution ?? '1080P') : null,
    });
    return send(res, 200, { request_id: randomUUID(), output: { task_id: id, task_status: 'PENDING' } });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const base = `http://${req.headers.host}`;
    void (async () => {
      if (req.method === 'POST' && url.pathname === '/api/v1/services/aigc/video-generation/video-synthesis') return submit(req, res);
      const poll = /^\/api\/v1\/tasks\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && poll) {
        counts.polls++;
        if (!authorized(req)) return error(res, 401, 'InvalidApiKey', 'Invalid API-key provided.');
        const task = tasks.get(decodeURIComponent(poll[1]!));
        if (!task) return send(res, 200, { request_id: randomUUID(), output: { task_id: poll[1], task_status: 'UNKNOWN' } });
        advance(task);
        return send(res, 200, {
          request_id: randomUUID(),
          output: {
            task_id: task.id,
            task_status: task.status,
            submit_time: '2026-11-24 10:00:00.000',
            ...(task.status === 'SUCCEEDED' && { video_url: results.sign(base, task.id), orig_prompt: task.prompt }),
            ...(task.code && { code: task.code, message: task.message }),
          },
          ...(task.status === 'SUCCEEDED' && { usage: { video_duration: task.duration, video_ratio: task.size ?? task.resolution, video_count: 1 } }),
        });
      }
      const cancel = /^\/api\/v1\/tasks\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === 'POST' && cancel) {
        counts.cancels++;
        if (!authorized(req)) return error(res, 401, 'InvalidApiKey', 'Invalid API-key provided.');
        const task = tasks.get(decodeURIComponent(cancel[1]!));
        if (!task) return error(res, 404, 'NotFound', 'Task not found.');
        if (task.status !== 'PENDING') return error(res, 400, 'UnsupportedOperation', 'Failed to cancel the task, please confirm if the task status is PENDING.');
        task.status = 'CANCELED';
        return send(res, 200, { request_id: randomUUID() });
      }
      const resultId = results.match(url.pathname);
      if (req.method === 'GET' && resultId !== null) {
        const task = tasks.get(resultId);
        const [width, height] = (task?.size ?? '1280*720').split('*').map((n) => Math.round(Number(n) / 4) * 2);
        await results.serve(url, res, task && { seconds: task.duration, width: width!, height: height! });
        counts.downloads = results.served;
        return;
      }
      return error(res, 404, 'NotFound', 'Not found.');
    })().catch((err: unknown) => {
      if (!res.headersSent) error(res, 500, 'InternalError', String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    apiKey,
    tasks,
    counts,
    settings,
    /** The next `n` submits answer this error (after the key and header checks), e.g. 429 Throttling or 500 InternalError. */
    failNext(n: number, status: 429 | 500 | 503, code = status === 429 ? 'Throttling.RateQuota' : 'InternalError', message = status === 429 ? 'Requests rate limit exceeded, please try again later.' : 'An internal error has occured, please try again later.') {
      for (let i = 0; i < n; i++) scripted.push({ status, code, message });
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export type DashScopeStandIn = Awaited<ReturnType<typeof startDashScopeStandIn>>;
