import { VendorError, type ClipProvider, type ClipState } from '../../../src/modules/clips/clip-provider';
import { createWanProvider, WAN_DEFAULTS } from '../../../src/modules/clips/wan';
import { startDashScopeStandIn, type DashScopeStandIn } from '../../stand-ins/dashscope';

const signal = new AbortController().signal;
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

let standIn: DashScopeStandIn;
let wan: ClipProvider;

beforeEach(async () => {
  standIn = await startDashScopeStandIn({ pendingPolls: 1, runningPolls: 1 });
  wan = createWanProvider({ ...WAN_DEFAULTS, apiKey: standIn.apiKey, baseUrl: standIn.url, pointsPerSecond: 3 });
});
afterEach(() => standIn.close());

async function pollUntilEnd(id: string): Promise<ClipState> {
  for (let i = 0; i < 20; i++) {
    const state = await wan.poll(id, signal);
    if (!['queued', 'running'].includes(state.status)) return state;
  }
  throw new Error('never ended');
}

const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('resolved'); }, (error: unknown) => error as VendorError);

test('text-to-video: submitted with the 720P size of the ratio, PENDING → RUNNING → SUCCEEDED, the clip downloaded', async () => {
  const id = await wan.submit({ prompt: '海边日落', aspectRatio: '9:16', seconds: 5, clientId: 'c1' }, signal);
  expect(standIn.tasks.get(id)).toMatchObject({ model: 'wan2.5-t2v-preview', size: '720*1280', duration: 5, image: null });
  expect((await wan.poll(id, signal)).status).toBe('queued');
  const state = await pollUntilEnd(id);
  expect(state.status).toBe('succeeded');
  const clip = await wan.download(state, signal);
  expect(clip.subarray(4, 8).toString()).toBe('ftyp');
});

test('image-to-video: the picture goes inline as a data URI to the i2v model at 720P', async () => {
  const id = await wan.submit({ prompt: '让画面动起来', image: { bytes: PNG, contentType: 'image/png' }, aspectRatio: '16:9', seconds: 10, clientId: 'c2' }, signal);
  expect(standIn.tasks.get(id)).toMatchObject({ model: 'wan2.5-i2v-preview', resolution: '720P', duration: 10, image: { contentType: 'image/png', bytes: PNG.length } });
  expect((await pollUntilEnd(id)).status).toBe('succeeded');
});

test('a picture whose bytes are not the declared type is refused as DashScope does: rejected', async () => {
  const error = await rejection(wan.submit({ prompt: 'x', image: { bytes: PNG, contentType: 'image/jpeg' }, aspectRatio: '16:9', seconds: 5, clientId: 'c' }, signal));
  expect(error).toBeInstanceOf(VendorError);
  expect(error.kind).toBe('rejected');
});

test('a wrong key is rejected, and the key never appears in the error', async () => {
  const bad = createWanProvider({ ...WAN_DEFAULTS, apiKey: 'sk-wrong-secret', baseUrl: standIn.url, pointsPerSecond: 1 });
  const error = await rejection(bad.submit({ prompt: 'x', aspectRatio: '1:1', seconds: 5, clientId: 'c' }, signal));
  expect(error.kind).toBe('rejected');
  expect(error.message).toContain('InvalidApiKey');
  expect(error.message).not.toContain('sk-wrong-secret');
});

test('moderation: refused at submit (DataInspectionFailed 400), or the task fails with it', async () => {
  expect((await rejection(wan.submit({ prompt: '违禁内容', aspectRatio: '1:1', seconds: 5, clientId: 'c' }, signal))).kind).toBe('moderation');
  const id = await wan.submit({ prompt: '敏感输出', aspectRatio: '1:1', seconds: 5, clientId: 'c' }, signal);
  expect(await pollUntilEnd(id)).toMatchObject({ status: 'moderation', message: expect.stringContaining('DataInspectionFailed') });
});

test('429 Throttling is rate-limited, 500 is unavailable, and the next submit goes through', async () => {
  standIn.failNext(1, 429);
  standIn.failNext(1, 500);
  expect((await rejection(wan.submit({ prompt: 'a', aspectRatio: '1:1', seconds: 5, clientId: 'c' }, signal))).kind).toBe('rate-limited');
  expect((await rejection(wan.submit({ prompt: 'a', aspectRatio: '1:1', seconds: 5, clientId: 'c' }, signal))).kind).toBe('unavailable');
  await expect(wan.submit({ prompt: 'a', aspectRatio: '1:1', seconds: 5, clientId: 'c' }, signal)).resolves.toEqual(expect.any(String));
});

test('more submits a second than the account allows answer 429 Throttling.RateQuota', async () => {
  const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => wan.submit({ prompt: `p${i}`, aspectRatio: '1:1', seconds: 5, clientId: `c${i}` }, signal)));
  const limited = results.filter((r) => r.status === 'rejected' && (r.reason as VendorError).kind === 'rate-limited');
  expect(limited.length).toBe(8 - standIn.settings.submitsPerSecond);
});

test('cancel while PENDING cancels the vendor task; cancelling a running one is not an error', async () => {
  const id = await wan.submit({ prompt: 'a', aspectRatio: '1:1', seconds: 5, clientId: 'c' }, signal);
  await wan.cancel(id, signal);
  expect(standIn.tasks.get(id)!.status).toBe('CANCELED');
  expect((await wan.poll(id, signal)).status).toBe('cancelled');
  const running = await wan.submit({ prompt: 'b', aspectRatio: '1:1', seconds: 5, clientId: 'd' }, signal);
  await wan.poll(running, signal);
  await wan.poll(running, signal);
  expect(standIn.tasks.get(running)!.status).toBe('RUNNING');
  await expect(wan.cancel(running, signal)).resolves.toBeUndefined();
});

test('an unknown or expired task id polls as expired (UNKNOWN)', async () => {
  expect((await wan.poll('no-such-task', signal)).status).toBe('expired');
});

test('a result URL past its expiry answers 403: VendorError expired', async () => {
  standIn.settings.urlTtlMs = -1000;
  const id = await wan.submit({ prompt: 'a', aspectRatio: '1:1', seconds: 5, clientId: 'c' }, signal);
  const state = await pollUntilEnd(id);
  expect((await rejection(wan.download(state, signal))).kind).toBe('expired');
});

test('an unsupported duration is refused by the vendor as InvalidParameter: rejected', async () => {
  const error = await rejection(wan.submit({ prompt: 'a', aspectRatio: '1:1', seconds: 7, clientId: 'c' }, signal));
  expect(error.kind).toBe('rejected');
  expect(error.message).toContain('InvalidParameter');
});
