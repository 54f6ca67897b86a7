// A stand-in for Kling's official API, written from its documentation (see
// src/modules/clips/kling.ts for the facts): every request's HS256 JWT checked on its own
// (signature, alg, iss, nbf, exp), text2video and image2video with their fields (duration a
// string, image Base64 without a prefix), external_task_id unique and queryable, submitted →
// processing → succeed over polls, `{ code, message, request_id }` errors with their HTTP
// statuses, content-security refusals, 1303 over the concurrency of the resource pack, and
// result URLs that expire.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, resultUrls, sniffImage } from './stand-in-kit';

export interface KlingStandInOptions {
  accessKey?: string;
  secretKey?: string;
  models?: string[];
  submittedPolls?: number;
  processingPolls?: number;
  /** Tasks submitted or processing at once, per the resource pack; more answer 1303. */
  concurrency?: number;
  urlTtlMs?: number;
}

export interface KlingStandInTask {
  id: string;
  kind: 'text2video' | 'image2video';
  externalTaskId: string | null;
  model: string;
  prompt: string;
  mode: string;
  duration: string;
  aspectRatio: string | null;
  image: { contentType: string; bytes: number } | null;
  status: 'submitted' | 'processing' | 'succeed' | 'failed';
  statusMsg: string;
  polls: number;
}

const ASPECTS = new Set(['16:9', '9:16', '1:1']);

export async function startKlingStandIn(options: KlingStandInOptions = {}) {
  const accessKey = options.accessKey ?? `ak-${randomBytes(6).toString('hex')}`;
  const secretKey = options.secretKey ?? `sk-${randomBytes(12).toString('hex')}`;
  const models = new Set(options.models ?? ['kling-v1-6', 'kling-v2-1-master']);
  const tasks = new Map<string, KlingStandInTask>();
  const counts = { submits: 0, accepted: 0, polls: 0, downloads: 0 };
  const tokens: { iss: string; exp: number; nbf: number }[] = [];
  const scripted: { status: number; code: number; message: string }[] = [];
  const settings = {
    submittedPolls: options.submittedPolls ?? 1,
    processingPolls: options.processingPolls ?? 1,
    concurrency: options.concurrency ?? 5,
    urlTtlMs: options.urlTtlMs ?? 30 * 24 * 3600_000,
    staleUrls: 0,
  };
  const results = resultUrls('kling-result', settings);

  const send = (res: ServerResponse, status: number, code: number, message: string, data?: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code, message, request_id: randomBytes(8).toString('base64url'), ...(data !== undefined && { data }) }));
  };

  /** The JWT check of Kling's 接口鉴权: the code and message it answers, or null when the token is good. */
  const checkToken = (req: IncomingMessage): [number, string] | null => {
    const header = req.headers.authorization;
    if (!header) return [1001, 'Authorization is empty'];
    const token = /^Bearer (.+)$/.exec(header)?.[1];
    const parts = token?.split('.') ?? [];
    if (parts.length !== 3) return [1002, 'Authorization is invalid'];
    const [head, body, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', secretKey).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    let claims: { iss?: unknown; exp?: unknown; nbf?: unknown };
    let alg: unknown;
    try {
      alg = JSON.parse(Buffer.from(head, 'base64url').toString()).alg;
      claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    } catch {
      return [1002, 'Authorization is invalid'];
    }
    if (alg !== 'HS256' || given.length !== expected.length || !timingSafeEqual(given, expected)) return [1002, 'Authorization is invalid'];
    if (claims.iss !== accessKey) return [1002, 'Authorization is invalid'];
    const now = Date.now() / 1000;
    if (typeof claims.nbf !== 'number' || claims.nbf > now) return [1003, 'Authorization is not yet valid'];
    if (typeof claims.exp !== 'number' || claims.exp <= now) return [1004, 'Authorization has expired'];
    tokens.push({ iss: claims.iss as string, exp: claims.exp, nbf: claims.nbf });
    return null;
  };

  const advance = (task: KlingStandInTask) => {
    task.polls++;
    if (task.status === 'submitted' && task.polls > settings.submittedPolls) {
      task.status = 'processing';
      task.polls = 0;
    } else if (task.status === 'processing' && task.polls > settings.processingPolls) {
      if (task.prompt.includes('敏感输出')) {
        task.status = 'failed';
        task.statusMsg = 'Failure to pass the risk control system';
      } else task.status = 'succeed';
    }
  };

  const view = (base: string, task: KlingStandInTask) => ({
    task_id: task.id,
    task_status: task.status,
    task_status_msg: task.statusMsg,
    task_info: task.externalTaskId ? { external_task_id: task.externalTaskId } : {},
    created_at: 1764000000000,
    updated_at: 1764000000000 + task.polls,
    ...(task.status === 'succeed' && { task_result: { videos: [{ id: `${task.id}-v`, url: results.sign(base, task.id), duration: task.duration }] } }),
  });

  const submit = async (kind: KlingStandInTask['kind'], req: IncomingMessage, res: ServerResponse) => {
    counts.submits++;
    const forced = scripted.shift();
    if (forced) return send(res, forced.status, forced.code, forced.message);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return send(res, 400, 1200, 'Invalid request parameters: body is not JSON');
    }
    const model = String(body.model_name ?? 'kling-v1');
    if (!models.has(model)) return send(res, 400, 1201, `Invalid request parameters: model_name ${model} is not supported`);
    const prompt = typeof body.prompt === 'string' ? body.prompt : '';
    if (kind === 'text2video' && !prompt) return send(res, 400, 1201, 'Invalid request parameters: prompt is required');
    if (prompt.length > 2500) return send(res, 400, 1201, 'Invalid request parameters: prompt is too long');
    const duration = body.duration ?? '5';
    if (duration !== '5' && duration !== '10') return send(res, 400, 1201, 'Invalid request parameters: duration must be "5" or "10"');
    const mode = String(body.mode ?? 'std');
    if (mode !== 'std' && mode !== 'pro') return send(res, 400, 1201, 'Invalid request parameters: mode');
    let image: KlingStandInTask['image'] = null;
    let aspectRatio: string | null = null;
    if (kind === 'image2video') {
      const raw = body.image;
      if (typeof raw !== 'string' || raw === '') return send(res, 400, 1201, 'Invalid request parameters: image is required');
      if (raw.startsWith('data:')) return send(res, 400, 1201, 'Invalid request parameters: image must be Base64 without a data: prefix, or a URL');
      const bytes = Buffer.from(raw, 'base64');
      const type = sniffImage(bytes);
      if (!type) return send(res, 400, 1201, 'Invalid request parameters: image format is not supported');
      image = { contentType: type, bytes: bytes.length };
    } else {
      aspectRatio = String(body.aspect_ratio ?? '16:9');
      if (!ASPECTS.has(aspectRatio)) return send(res, 400, 1201, 'Invalid request parameters: aspect_ratio');
    }
    const external = typeof body.external_task_id === 'string' ? body.external_task_id : null;
    if (external && [...tasks.values()].some((t) => t.externalTaskId === external)) return send(res, 400, 1201, 'Invalid request parameters: external_task_id already exists');
    if (prompt.includes('违禁')) return send(res, 400, 1301, 'Trigger the content security policy');
    const live = [...tasks.values()].filter((t) => t.status === 'submitted' || t.status === 'processing').length;
    if (live >= settings.concurrency) return send(res, 429, 1303, 'Trigger resource pack concurrency limit');
    const id = `Cj${randomBytes(12).toString('base64url')}`;
    counts.accepted++;
    tasks.set(id, { id, kind, externalTaskId: external, model, prompt, mode, duration: duration as string, aspectRatio, image, status: 'submitted', statusMsg: '', polls: 0 });
    return send(res, 200, 0, 'SUCCEED', { task_id: id, task_status: 'submitted', task_info: external ? { external_task_id: external } : {}, created_at: 1764000000000, updated_at: 1764000000000 });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const base = `http://${req.headers.host}`;
    void (async () => {
      const resultId = results.match(url.pathname);
      if (req.method === 'GET' && resultId !== null) {
        const task = tasks.get(resultId);
        const [w, h] = task?.aspectRatio === '9:16' ? [360, 640] : task?.aspectRatio === '1:1' ? [480, 480] : [640, 360];
        await results.serve(url, res, task && { seconds: Number(task.duration), width: w, height: h });
        counts.downloads = results.served;
        return;
      }
      const auth = checkToken(req);
      if (auth) return send(res, 401, auth[0], auth[1]);
      const create = /^\/v1\/videos\/(text2video|image2video)$/.exec(url.pathname);
      if (create && req.method === 'POST') return submit(create[1] as KlingStandInTask['kind'], req, res);
      const one = /^\/v1\/videos\/(text2video|image2video)\/([^/]+)$/.exec(url.pathname);
      if (one && req.method === 'GET') {
        counts.polls++;
        const key = decodeURIComponent(one[2]!);
        const task = [...tasks.values()].find((t) => t.kind === one[1] && (t.id === key || t.externalTaskId === key));
        if (!task) return send(res, 404, 1203, 'The requested resource does not exist');
        advance(task);
        return send(res, 200, 0, 'SUCCEED', view(base, task));
      }
      return send(res, 404, 1203, 'The requested resource does not exist');
    })().catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, 5000, `Server internal error: ${String(err)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accessKey,
    secretKey,
    tasks,
    counts,
    tokens,
    settings,
    /** The next `n` submits answer this (after the token check): 429/1302, 429/1102 (pack used up), 500/5000. */
    failNext(n: number, status: number, code: number, message: string) {
      for (let i = 0; i < n; i++) scripted.push({ status, code, message });
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export type KlingStandIn = Awaited<ReturnType<typeof startKlingStandIn>>;
