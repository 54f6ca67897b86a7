// A stand-in for a ComfyUI server, written from ComfyUI's server.py and execution.py (see
// src/modules/clips/comfyui.ts for the contract): /prompt validating the graph as ComfyUI does
// (known class_type, inputs, links to existing nodes, LoadImage's file uploaded), honouring a
// given prompt_id; one prompt running at a time, the rest pending; /history, /queue (with
// delete), /interrupt (with prompt_id), /upload/image (multipart), /view; a restart that forgets
// the queue, as ComfyUI's in-memory queue is forgotten.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleClip } from './sample-clip';
import { sniffImage } from './stand-in-kit';

const NODE_CLASSES = new Set(['UNETLoader', 'CLIPLoader', 'VAELoader', 'CheckpointLoaderSimple', 'CLIPTextEncode', 'EmptyHunyuanLatentVideo', 'KSampler', 'VAEDecode', 'CreateVideo', 'SaveVideo', 'LoadImage', 'WanImageToVideo', 'CLIPVisionLoader', 'CLIPVisionEncode', 'VHS_VideoCombine']);

type Graph = Record<string, { class_type?: unknown; inputs?: Record<string, unknown> }>;

export interface ComfyPrompt {
  id: string;
  graph: Graph;
  state: 'pending' | 'running' | 'success' | 'error' | 'interrupted';
  polls: number;
  width: number;
  height: number;
  frames: number;
}

export async function startComfyuiStandIn(options: { runPolls?: number } = {}) {
  const prompts = new Map<string, ComfyPrompt>();
  const uploads = new Map<string, { contentType: string; bytes: number }>();
  const counts = { prompts: 0, accepted: 0, interrupts: 0, deletes: 0, views: 0 };
  const settings = { runPolls: options.runPolls ?? 2 };
  let number = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const body = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  const invalid = (res: ServerResponse, message: string, details = '', nodeErrors: Record<string, unknown> = {}) =>
    send(res, 400, { error: { type: 'invalid_prompt', message, details, extra_info: {} }, node_errors: nodeErrors });

  /** One poll moves the queue on: the running prompt toward its end, then the next pending one in. */
  const tick = () => {
    const running = [...prompts.values()].find((p) => p.state === 'running');
    if (running) {
      running.polls++;
      if (running.polls > settings.runPolls) running.state = String(JSON.stringify(running.graph)).includes('执行出错') ? 'error' : 'success';
      return;
    }
    const next = [...prompts.values()].find((p) => p.state === 'pending');
    if (next) next.state = 'running';
  };

  const validate = (graph: Graph): string | null => {
    if (!graph || typeof graph !== 'object' || Array.isArray(graph)) return 'Prompt has no properly formatted nodes';
    for (const [id, node] of Object.entries(graph)) {
      if (typeof node?.class_type !== 'string') return `Cannot execute because a node is missing the class_type property.|Node ID '#${id}'`;
      if (!NODE_CLASSES.has(node.class_type)) return `Cannot execute because node ${node.class_type} does not exist.|Node ID '#${id}'`;
      for (const [name, value] of Object.entries(node.inputs ?? {})) {
        if (Array.isArray(value) && (typeof value[0] !== 'string' || !(value[0] in graph) || typeof value[1] !== 'number')) return `Bad linked input, must be a length-2 list of [string, int]|${id}.${name}`;
        if (typeof value === 'string' && /\{\{\w+\}\}/.test(value) && name !== 'text') return `Value not in list or of the wrong type: ${name}: '${value}'|Node ID '#${id}'`;
      }
      if (node.class_type === 'LoadImage' && !uploads.has(String(node.inputs?.image))) return `Invalid image file: ${String(node.inputs?.image)}|Node ID '#${id}'`;
      if (node.class_type === 'EmptyHunyuanLatentVideo' && ['width', 'height', 'length'].some((k) => typeof node.inputs?.[k] !== 'number')) return `Failed to convert an input value to a INT value|Node ID '#${id}'`;
    }
    return null;
  };

  const historyOf = (prompt: ComfyPrompt) => ({
    [prompt.id]: {
      prompt: [0, prompt.id, prompt.graph, {}, ['10']],
      outputs: prompt.state === 'success' ? { 10: { images: [{ filename: `ai-video_${prompt.id.slice(0, 8)}_.mp4`, subfolder: 'video', type: 'output' }], animated: [true] } } : {},
      status: {
        status_str: prompt.state === 'success' ? 'success' : 'error',
        completed: prompt.state === 'success',
        messages: [
          ['execution_start', { prompt_id: prompt.id }],
          ...(prompt.state === 'interrupted' ? [['execution_interrupted', { prompt_id: prompt.id, node_id: '7' }]] : []),
          ...(prompt.state === 'error' ? [['execution_error', { prompt_id: prompt.id, node_id: '7', exception_message: 'CUDA out of memory' }]] : []),
          ...(prompt.state === 'success' ? [['execution_success', { prompt_id: prompt.id }]] : []),
        ],
      },
      meta: {},
    },
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    void (async () => {
      if (req.method === 'POST' && url.pathname === '/prompt') {
        counts.prompts++;
        let json: { prompt?: Graph; prompt_id?: unknown; client_id?: unknown };
        try {
          json = JSON.parse((await body(req)).toString());
        } catch {
          return send(res, 400, { error: { type: 'invalid_json', message: 'Invalid JSON', details: '', extra_info: {} }, node_errors: {} });
        }
        if (!('prompt' in json)) return send(res, 400, { error: { type: 'no_prompt', message: 'No prompt provided', details: 'No prompt provided', extra_info: {} }, node_errors: {} });
        const problem = validate(json.prompt!);
        if (problem) {
          const [message, details] = problem.split('|');
          return invalid(res, message!, details ?? '');
        }
        const id = String(json.prompt_id ?? randomUUID());
        const latent = Object.values(json.prompt!).find((n) => n.class_type === 'EmptyHunyuanLatentVideo')?.inputs ?? {};
        counts.accepted++;
        prompts.set(id, { id, graph: json.prompt!, state: 'pending', polls: 0, width: Number(latent.width ?? 832), height: Number(latent.height ?? 480), frames: Number(latent.length ?? 81) });
        return send(res, 200, { prompt_id: id, number: number++, node_errors: {} });
      }
      if (req.method === 'POST' && url.pathname === '/upload/image') {
        const request = new Request('http://stand-in/upload', { method: 'POST', headers: req.headers as Record<string, string>, body: await body(req) });
        const form = await request.formData();
        const image = form.get('image');
        if (!(image instanceof Blob)) return send(res, 400, { error: 'no image' });
        const bytes = Buffer.from(await image.arrayBuffer());
        const type = sniffImage(bytes);
        if (!type) return send(res, 400, { error: 'not an image' });
        const name = (image as File).name;
        uploads.set(name, { contentType: type, bytes: bytes.length });
        return send(res, 200, { name, subfolder: '', type: 'input' });
      }
      const history = /^\/history\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && history) {
        tick();
        const prompt = prompts.get(decodeURIComponent(history[1]!));
        if (!prompt || prompt.state === 'pending' || prompt.state === 'running') return send(res, 200, {});
        return send(res, 200, historyOf(prompt));
      }
      if (url.pathname === '/queue') {
        if (req.method === 'POST') {
          const json = JSON.parse((await body(req)).toString()) as { delete?: string[]; clear?: boolean };
          for (const id of json.delete ?? []) {
            if (prompts.get(id)?.state === 'pending') {
              prompts.delete(id);
              counts.deletes++;
            }
          }
          return send(res, 200, {});
        }
        const entry = (p: ComfyPrompt, i: number) => [i, p.id, p.graph, { client_id: 'x' }, ['10']];
        const all = [...prompts.values()];
        return send(res, 200, { queue_running: all.filter((p) => p.state === 'running').map(entry), queue_pending: all.filter((p) => p.state === 'pending').map(entry) });
      }
      if (req.method === 'POST' && url.pathname === '/interrupt') {
        counts.interrupts++;
        const json = JSON.parse((await body(req)).toString() || '{}') as { prompt_id?: string };
        const running = [...prompts.values()].find((p) => p.state === 'running');
        // With a prompt_id, only that prompt is interrupted (a bare call stops whatever runs).
        if (running && (!json.prompt_id || json.prompt_id === running.id)) running.state = 'interrupted';
        res.writeHead(200);
        return res.end();
      }
      if (req.method === 'GET' && url.pathname === '/view') {
        const prompt = [...prompts.values()].find((p) => p.state === 'success' && `ai-video_${p.id.slice(0, 8)}_.mp4` === url.searchParams.get('filename'));
        if (!prompt || url.searchParams.get('type') !== 'output' || url.searchParams.get('subfolder') !== 'video') {
          res.writeHead(404);
          return res.end();
        }
        counts.views++;
        const clip = await sampleClip(Math.max(1, Math.round((prompt.frames - 1) / 16)), Math.round(prompt.width / 4) * 2, Math.round(prompt.height / 4) * 2);
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(clip.length) });
        return res.end(clip);
      }
      res.writeHead(404);
      res.end();
    })().catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { error: String(err) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    prompts,
    uploads,
    counts,
    settings,
    /** ComfyUI restarted: its queue (pending and running) is gone; history of finished prompts too. */
    restart() {
      prompts.clear();
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export type ComfyuiStandIn = Awaited<ReturnType<typeof startComfyuiStandIn>>;
