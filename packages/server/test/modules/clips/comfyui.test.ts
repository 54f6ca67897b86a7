import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VendorError, type ClipProvider, type ClipState } from '../../../src/modules/clips/clip-provider';
import { createComfyuiProvider, fillWorkflow, loadComfyWorkflow, promptIdOf, type ComfyWorkflow } from '../../../src/modules/clips/comfyui';
import { startComfyuiStandIn, type ComfyuiStandIn } from '../../stand-ins/comfyui';

const signal = new AbortController().signal;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const WORKFLOW_FILE = path.join(__dirname, '..', '..', 'stand-ins', 'comfyui-workflow.json');
const textWorkflow = loadComfyWorkflow(WORKFLOW_FILE);
const imageWorkflow: ComfyWorkflow = {
  ...textWorkflow,
  11: { class_type: 'LoadImage', inputs: { image: '{{image}}' } },
  12: { class_type: 'WanImageToVideo', inputs: { start_image: ['11', 0], positive: ['4', 0], negative: ['5', 0], vae: ['3', 0], width: '{{width}}', height: '{{height}}', length: '{{frames}}', batch_size: 1 } },
};

let comfy: ComfyuiStandIn;
let provider: ClipProvider;
beforeEach(async () => {
  comfy = await startComfyuiStandIn();
  provider = createComfyuiProvider({ url: comfy.url, workflow: textWorkflow, pointsPerSecond: 2 });
});
afterEach(() => comfy.close());

async function pollUntilEnd(p: ClipProvider, id: string): Promise<ClipState> {
  for (let i = 0; i < 30; i++) {
    const state = await p.poll(id, signal);
    if (!['queued', 'running'].includes(state.status)) return state;
  }
  throw new Error('never ended');
}
const clip = (overrides: Partial<Parameters<ClipProvider['submit']>[0]> = {}) => ({ prompt: '雨中的街道', aspectRatio: '9:16' as const, seconds: 5, clientId: `c-${Math.random()}`, ...overrides });

describe('the workflow file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'comfy-wf-'));
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  it.each([
    ['missing.json', null, 'cannot be read (ENOENT)'],
    ['bad.json', '{', 'is not JSON'],
    ['ui.json', JSON.stringify({ nodes: [], links: [] }), 'is not an API-format workflow'],
    ['noprompt.json', JSON.stringify({ 1: { class_type: 'KSampler', inputs: {} } }), 'has no {{prompt}} placeholder'],
  ])('%s is refused, saying why', (name, text, message) => {
    const p = text === null ? path.join(dir, name) : file(name, text);
    expect(() => loadComfyWorkflow(p)).toThrow(message);
  });

  it('fills the placeholders without touching the loaded workflow', () => {
    const filled = fillWorkflow(imageWorkflow, { prompt: '海浪', image: 'x.png', width: 480, height: 832, seconds: 5, seed: 7 });
    expect(filled['4']!.inputs.text).toBe('海浪, cinematic, high quality');
    expect(filled['6']!.inputs).toMatchObject({ width: 480, height: 832, length: 81 });
    expect(filled['7']!.inputs.seed).toBe(7);
    expect(filled['11']!.inputs.image).toBe('x.png');
    expect(imageWorkflow['11']!.inputs.image).toBe('{{image}}');
  });
});

test('text-to-video: the filled graph under our prompt_id, queued → running → the video from /view', async () => {
  const request = clip();
  const id = await provider.submit(request, signal);
  expect(id).toBe(promptIdOf(request.clientId));
  expect(comfy.prompts.get(id)).toMatchObject({ width: 480, height: 832, frames: 81, state: 'pending' });
  expect(provider.info.modes).toEqual(['text']);
  const state = await pollUntilEnd(provider, id);
  expect(state.status).toBe('succeeded');
  expect((await provider.download(state, signal)).subarray(4, 8).toString()).toBe('ftyp');
});

test('image-to-video: the picture uploaded first, its name in LoadImage', async () => {
  const withImage = createComfyuiProvider({ url: comfy.url, workflow: imageWorkflow, pointsPerSecond: 2 });
  expect(withImage.info.modes).toEqual(['image']);
  const id = await withImage.submit(clip({ image: { bytes: PNG, contentType: 'image/png' } }), signal);
  const [name] = [...comfy.uploads.keys()];
  expect(comfy.uploads.get(name!)).toEqual({ contentType: 'image/png', bytes: PNG.length });
  expect(comfy.prompts.get(id)!.graph['11']!.inputs!.image).toBe(name);
  expect((await pollUntilEnd(withImage, id)).status).toBe('succeeded');
});

test('a graph ComfyUI cannot run is refused at submit with its reason: rejected', async () => {
  const broken = createComfyuiProvider({ url: comfy.url, workflow: { ...textWorkflow, 13: { class_type: 'NoSuchNode', inputs: { text: '{{prompt}}' } } }, pointsPerSecond: 2 });
  const error = await broken.submit(clip(), signal).catch((e: unknown) => e as VendorError);
  expect(error).toBeInstanceOf(VendorError);
  expect((error as VendorError).kind).toBe('rejected');
  expect((error as VendorError).message).toContain('NoSuchNode does not exist');
});

test('find: a prompt whose answer was lost is found by the id made from our client id', async () => {
  const request = clip();
  const id = await provider.submit(request, signal);
  expect(await provider.find!(request.clientId, signal)).toBe(id);
  expect(await provider.find!('never-sent', signal)).toBeNull();
});

test('cancel: a pending prompt leaves the queue; a running one is interrupted, and only that one', async () => {
  const first = await provider.submit(clip(), signal);
  const second = await provider.submit(clip(), signal);
  await provider.poll(first, signal); // the first starts running
  expect(comfy.prompts.get(first)!.state).toBe('running');
  await provider.cancel(second, signal);
  expect(comfy.prompts.has(second)).toBe(false);
  expect(comfy.prompts.get(first)!.state).toBe('running');
  await provider.cancel(first, signal);
  expect((await provider.poll(first, signal)).status).toBe('cancelled');
});

test('a failed execution is failed; a ComfyUI restart that lost the queue polls as expired (made again)', async () => {
  const failing = await provider.submit(clip({ prompt: '执行出错' }), signal);
  expect(await pollUntilEnd(provider, failing)).toMatchObject({ status: 'failed', message: 'CUDA out of memory' });
  const lost = await provider.submit(clip(), signal);
  comfy.restart();
  expect((await provider.poll(lost, signal)).status).toBe('expired');
});

test('a ComfyUI that does not answer is unavailable', async () => {
  await comfy.close();
  const error = await provider.submit(clip(), signal).catch((e: unknown) => e as VendorError);
  expect((error as VendorError).kind).toBe('unavailable');
});
