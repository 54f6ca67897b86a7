// A self-hosted ComfyUI server (on GPU machines) running an API-format workflow. From ComfyUI's
// own server (server.py, execution.py):
// - POST /prompt `{ prompt, client_id, prompt_id }` → `{ prompt_id, number, node_errors }`, or 400
//   `{ error: { type, message, details }, node_errors }` when the graph does not validate. The
//   server keeps a prompt_id it is given: ours, made from the clip's client id, so a submit whose
//   answer was lost is found again.
// - GET /history/{prompt_id} → `{ <id>: { outputs: { <node>: { images | gifs | videos: [{ filename,
//   subfolder, type }] } }, status: { status_str: 'success' | 'error', completed, messages } } }`
//   once it has run, `{}` before; GET /queue → `{ queue_running, queue_pending }` (entries
//   `[number, prompt_id, …]`). The queue lives in the server's memory: a prompt in neither was lost
//   (the server restarted) and is made again.
// - POST /queue `{ delete: [id] }` drops a pending prompt; POST /interrupt `{ prompt_id }` stops it
//   while it runs (an interrupted prompt's history has an `execution_interrupted` message).
// - POST /upload/image (multipart: image, type=input, overwrite) → `{ name, subfolder, type }`;
//   GET /view?filename=&subfolder=&type= serves a file. Outputs do not expire.
// - No authentication of its own (keep it on a private network); no content moderation.
//
// The workflow (COMFYUI_WORKFLOW, exported with "Save (API Format)") carries placeholders that
// each clip fills in; it must contain {{prompt}}:
//   "{{prompt}}"  inside any string input: the clip's prompt;
//   "{{image}}"   a whole string input (LoadImage's `image`): the uploaded first frame — a
//                 workflow with it makes image-to-video only, one without text-to-video only;
//   "{{width}}", "{{height}}"  the clip's size (832×480, 480×832 or 624×624);
//   "{{seconds}}", "{{fps}}" (16), "{{frames}}" (seconds × 16 + 1, as Wan counts them), "{{seed}}".
import { createHash, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AspectRatio } from '@app/contract';
import { VendorError, type ClipMode, type ClipProvider, type ClipState } from './clip-provider.js';
import { downloadResult, kindOfStatus, retryAfterSeconds, vendorFetch, type VendorResponse } from './vendor-http.js';

export interface ComfyuiSettings {
  url: string;
  /** The parsed API-format workflow (loadComfyWorkflow). */
  workflow: ComfyWorkflow;
  pointsPerSecond: number;
}

export type ComfyWorkflow = Record<string, { class_type: string; inputs: Record<string, unknown>; _meta?: unknown }>;

const FPS = 16;
const SIZES: Record<AspectRatio, [number, number]> = { '16:9': [832, 480], '9:16': [480, 832], '1:1': [624, 624] };
const VIDEO_FILE = /\.(mp4|webm|mov|mkv)$/i;

/** Reads and checks a workflow file: what is wrong with it, said plainly, or the workflow. */
export function loadComfyWorkflow(file: string): ComfyWorkflow {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`COMFYUI_WORKFLOW=${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`COMFYUI_WORKFLOW=${file}: is not JSON`);
  }
  const nodes = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.values(parsed) : [];
  const apiFormat = nodes.length > 0 && nodes.every((node) => node && typeof node === 'object' && typeof (node as { class_type?: unknown }).class_type === 'string' && typeof (node as { inputs?: unknown }).inputs === 'object');
  if (!apiFormat) throw new Error(`COMFYUI_WORKFLOW=${file}: is not an API-format workflow (in ComfyUI: Workflow → Export (API))`);
  if (!text.includes('{{prompt}}')) throw new Error(`COMFYUI_WORKFLOW=${file}: has no {{prompt}} placeholder for the clip's prompt`);
  return parsed as ComfyWorkflow;
}

/** Our client id as the UUID ComfyUI's prompt ids usually are: the same id every time. */
export function promptIdOf(clientId: string): string {
  const hex = createHash('sha1').update(`comfyui:${clientId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The workflow with one clip's values in its placeholders (the loaded workflow is left as it is). */
export function fillWorkflow(workflow: ComfyWorkflow, values: { prompt: string; image?: string; width: number; height: number; seconds: number; seed: number }): ComfyWorkflow {
  const numbers: Record<string, number> = {
    '{{width}}': values.width, '{{height}}': values.height, '{{seconds}}': values.seconds, '{{fps}}': FPS, '{{frames}}': values.seconds * FPS + 1, '{{seed}}': values.seed,
  };
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (value in numbers) return numbers[value];
      if (value === '{{image}}') return values.image ?? value;
      return value.replaceAll('{{prompt}}', values.prompt);
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return fill(workflow) as ComfyWorkflow;
}

interface ComfyHistory {
  outputs?: Record<string, Record<string, unknown>>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, unknown][] };
}

export function createComfyuiProvider(settings: ComfyuiSettings): ClipProvider {
  const base = settings.url.replace(/\/+$/, '');
  const modes: ClipMode[] = JSON.stringify(settings.workflow).includes('"{{image}}"') ? ['image'] : ['text'];

  const call = async (path: string, init: RequestInit, signal: AbortSignal): Promise<VendorResponse> => {
    const response = await vendorFetch(`${base}${path}`, init, signal);
    if (response.status >= 200 && response.status < 300) return response;
    const error = (response.json as { error?: { type?: string; message?: string; details?: string } } | undefined)?.error;
    const said = `ComfyUI ${response.status}${error ? ` ${error.type ?? ''}: ${error.message ?? ''} ${error.details ?? ''}` : `: ${response.text.slice(0, 200)}`}`.trim();
    throw new VendorError(kindOfStatus(response.status), said, retryAfterSeconds(response.headers));
  };
  const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  const queued = async (promptId: string, signal: AbortSignal): Promise<'running' | 'pending' | null> => {
    const queue = (await call('/queue', { method: 'GET' }, signal)).json as { queue_running?: unknown[][]; queue_pending?: unknown[][] };
    if (queue.queue_running?.some((entry) => entry[1] === promptId)) return 'running';
    if (queue.queue_pending?.some((entry) => entry[1] === promptId)) return 'pending';
    return null;
  };
  const history = async (promptId: string, signal: AbortSignal): Promise<ComfyHistory | undefined> =>
    ((await call(`/history/${encodeURIComponent(promptId)}`, { method: 'GET' }, signal)).json as Record<string, ComfyHistory> | undefined)?.[promptId];

  return {
    info: {
      id: 'comfyui',
      name: 'ComfyUI（自建）',
      description: modes[0] === 'image' ? '自建 GPU 上的工作流：照片生成动态画面' : '自建 GPU 上的工作流：文字生成动态画面',
      modes,
      aspectRatios: ['9:16', '16:9', '1:1'],
      clipSeconds: [5],
      concurrency: 1,
      pointsPerSecond: settings.pointsPerSecond,
    },

    async submit(request, signal) {
      let image: string | undefined;
      if (request.image) {
        const form = new FormData();
        const extension = request.image.contentType.split('/')[1];
        form.append('image', new Blob([request.image.bytes], { type: request.image.contentType }), `${promptIdOf(request.clientId)}.${extension}`);
        form.append('type', 'input');
        form.append('overwrite', 'true');
        const uploaded = (await call('/upload/image', { method: 'POST', body: form }, signal)).json as { name?: string; subfolder?: string };
        if (!uploaded?.name) throw new VendorError('unavailable', 'ComfyUI took the picture without naming it');
        image = uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
      }
      const [width, height] = SIZES[request.aspectRatio];
      const prompt = fillWorkflow(settings.workflow, { prompt: request.prompt, image, width, height, seconds: request.seconds, seed: randomInt(2 ** 31) });
      const promptId = promptIdOf(request.clientId);
      const answer = (await call('/prompt', json({ prompt, client_id: 'ai-video-server', prompt_id: promptId }), signal)).json as { prompt_id?: string };
      return answer?.prompt_id ?? promptId;
    },

    async find(clientId, signal) {
      const promptId = promptIdOf(clientId);
      if (await queued(promptId, signal)) return promptId;
      return (await history(promptId, signal)) ? promptId : null;
    },

    async poll(promptId, signal): Promise<ClipState> {
      const done = await history(promptId, signal);
      if (done) {
        const messages = done.status?.messages ?? [];
        if (messages.some(([event]) => event === 'execution_interrupted')) return { status: 'cancelled' };
        if (done.status?.status_str === 'error') {
          const failure = messages.find(([event]) => event === 'execution_error')?.[1] as { exception_message?: string } | undefined;
          return { status: 'failed', message: failure?.exception_message ?? 'execution_error' };
        }
        const file = Object.values(done.outputs ?? {})
          .flatMap((output) => ['videos', 'gifs', 'images'].flatMap((key) => (Array.isArray(output[key]) ? (output[key] as { filename?: string; subfolder?: string; type?: string }[]) : [])))
          .find((item) => item.filename && VIDEO_FILE.test(item.filename));
        if (!file) return { status: 'failed', message: 'the workflow saved no video' };
        const query = new URLSearchParams({ filename: file.filename!, subfolder: file.subfolder ?? '', type: file.type ?? 'output' });
        return { status: 'succeeded', url: `${base}/view?${query}` };
      }
      const place = await queued(promptId, signal);
      if (place === 'running') return { status: 'running' };
      if (place === 'pending') return { status: 'queued' };
      return { status: 'expired', message: 'ComfyUI has neither queued nor run it (restarted?)' };
    },

    async cancel(promptId, signal) {
      const place = await queued(promptId, signal);
      if (place === 'pending') await call('/queue', json({ delete: [promptId] }), signal);
      // Only ever this prompt: a bare /interrupt would stop whatever the GPU runs now.
      else if (place === 'running') await call('/interrupt', json({ prompt_id: promptId }), signal);
    },

    download(state, signal) {
      if (!state.url) throw new VendorError('expired', 'no result URL');
      return downloadResult(state.url, signal);
    },
  };
}
