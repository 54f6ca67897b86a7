import { VendorError, type ClipProvider, type ClipState } from '../../../src/modules/clips/clip-provider';
import { createKlingProvider, klingToken } from '../../../src/modules/clips/kling';
import { startKlingStandIn, type KlingStandIn } from '../../stand-ins/kling';

const signal = new AbortController().signal;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

let stand: KlingStandIn;
let kling: ClipProvider;
beforeEach(async () => {
  stand = await startKlingStandIn();
  kling = createKlingProvider({ accessKey: stand.accessKey, secretKey: stand.secretKey, baseUrl: stand.url, model: 'kling-v1-6', pointsPerSecond: 6 });
});
afterEach(() => stand.close());

async function pollUntilEnd(id: string): Promise<ClipState> {
  for (let i = 0; i < 20; i++) {
    const state = await kling.poll(id, signal);
    if (!['queued', 'running'].includes(state.status)) return state;
  }
  throw new Error('never ended');
}
const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('resolved'); }, (error: unknown) => error as VendorError);
const clip = (overrides: Partial<Parameters<ClipProvider['submit']>[0]> = {}) => ({ prompt: '小猫在草地上奔跑', aspectRatio: '9:16' as const, seconds: 5, clientId: `c-${Math.random()}`, ...overrides });

test('the JWT: HS256, iss the access key, valid from 5 s ago for 30 minutes, checked by the stand-in', async () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  const [head, body] = klingToken('ak', 'sk', now).split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
  expect(head).toEqual({ alg: 'HS256', typ: 'JWT' });
  expect(body).toEqual({ iss: 'ak', exp: now / 1000 + 1800, nbf: now / 1000 - 5 });
  await kling.submit(clip(), signal);
  expect(stand.tokens.at(-1)!.iss).toBe(stand.accessKey);
});

test('text-to-video: duration as a string, aspect_ratio, our id as external_task_id; submitted → processing → succeed; downloaded', async () => {
  const request = clip();
  const id = await kling.submit(request, signal);
  const task = [...stand.tasks.values()][0]!;
  expect(task).toMatchObject({ kind: 'text2video', model: 'kling-v1-6', duration: '5', aspectRatio: '9:16', externalTaskId: request.clientId, mode: 'std' });
  expect((await kling.poll(id, signal)).status).toBe('queued');
  const state = await pollUntilEnd(id);
  expect(state.status).toBe('succeeded');
  expect((await kling.download(state, signal)).subarray(4, 8).toString()).toBe('ftyp');
});

test('image-to-video: the picture as bare Base64 to image2video, polled there', async () => {
  const id = await kling.submit(clip({ image: { bytes: PNG, contentType: 'image/png' }, seconds: 10 }), signal);
  expect([...stand.tasks.values()][0]).toMatchObject({ kind: 'image2video', duration: '10', image: { contentType: 'image/png', bytes: PNG.length }, aspectRatio: null });
  expect((await pollUntilEnd(id)).status).toBe('succeeded');
});

test('find: a clip whose answer was lost is found by its external_task_id; an unknown one is not', async () => {
  const request = clip({ image: { bytes: PNG, contentType: 'image/png' } });
  const id = await kling.submit(request, signal);
  expect(await kling.find!(request.clientId, signal)).toBe(id);
  expect(await kling.find!('never-sent', signal)).toBeNull();
});

test('a token signed with the wrong secret is refused (401, code 1002): rejected, neither key in the message', async () => {
  const bad = createKlingProvider({ accessKey: stand.accessKey, secretKey: 'sk-not-the-secret', baseUrl: stand.url, model: 'kling-v1-6', pointsPerSecond: 6 });
  const error = await rejection(bad.submit(clip(), signal));
  expect(error.kind).toBe('rejected');
  expect(error.message).toContain('code 1002');
  expect(error.message).not.toContain('sk-not-the-secret');
});

test('moderation: 1301 at submit, and a task failed by the risk control system', async () => {
  expect((await rejection(kling.submit(clip({ prompt: '违禁' }), signal))).kind).toBe('moderation');
  const id = await kling.submit(clip({ prompt: '敏感输出' }), signal);
  expect((await pollUntilEnd(id)).status).toBe('moderation');
});

test('1303 over the pack\'s concurrency and 1302 are rate-limited; an empty resource pack (1102, also 429) is not retried', async () => {
  stand.settings.concurrency = 1;
  await kling.submit(clip(), signal);
  expect((await rejection(kling.submit(clip(), signal))).kind).toBe('rate-limited');
  stand.settings.concurrency = 5;
  stand.failNext(1, 429, 1302, 'API request too fast');
  expect((await rejection(kling.submit(clip(), signal))).kind).toBe('rate-limited');
  stand.failNext(1, 429, 1102, 'Account resource pack depleted or expired');
  expect((await rejection(kling.submit(clip(), signal))).kind).toBe('rejected');
  stand.failNext(1, 500, 5000, 'Server internal error');
  expect((await rejection(kling.submit(clip(), signal))).kind).toBe('unavailable');
});

test('cancel is not offered by Kling: it sends nothing and does not fail', async () => {
  const id = await kling.submit(clip(), signal);
  await expect(kling.cancel(id, signal)).resolves.toBeUndefined();
  expect([...stand.tasks.values()][0]!.status).toBe('submitted');
});

test('an expired result URL: VendorError expired', async () => {
  stand.settings.staleUrls = 1;
  const state = await pollUntilEnd(await kling.submit(clip(), signal));
  expect((await rejection(kling.download(state, signal))).kind).toBe('expired');
});

test('a duration Kling does not take is refused (1201): rejected', async () => {
  expect((await rejection(kling.submit(clip({ seconds: 7 }), signal))).message).toContain('code 1201');
});
