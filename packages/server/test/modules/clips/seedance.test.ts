import { VendorError, type ClipProvider, type ClipState } from '../../../src/modules/clips/clip-provider';
import { createSeedanceProvider } from '../../../src/modules/clips/seedance';
import { startArkStandIn, type ArkStandIn } from '../../stand-ins/ark';

const signal = new AbortController().signal;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const MODEL = 'doubao-seedance-1-0-pro-250528';

let ark: ArkStandIn;
let seedance: ClipProvider;
beforeEach(async () => {
  ark = await startArkStandIn();
  seedance = createSeedanceProvider({ apiKey: ark.apiKey, baseUrl: ark.url, model: MODEL, pointsPerSecond: 5 });
});
afterEach(() => ark.close());

async function pollUntilEnd(id: string): Promise<ClipState> {
  for (let i = 0; i < 20; i++) {
    const state = await seedance.poll(id, signal);
    if (!['queued', 'running'].includes(state.status)) return state;
  }
  throw new Error('never ended');
}
const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('resolved'); }, (error: unknown) => error as VendorError);
const clip = (overrides: Partial<Parameters<ClipProvider['submit']>[0]> = {}) => ({ prompt: '海边日落', aspectRatio: '9:16' as const, seconds: 5, clientId: 'c', ...overrides });

test('text-to-video: a text content item, ratio, duration and 720p; queued → running → succeeded; the clip downloaded', async () => {
  const id = await seedance.submit(clip(), signal);
  expect(ark.tasks.get(id)).toMatchObject({ model: MODEL, prompt: '海边日落', image: null, ratio: '9:16', duration: 5, resolution: '720p' });
  expect((await seedance.poll(id, signal)).status).toBe('queued');
  const state = await pollUntilEnd(id);
  expect(state.status).toBe('succeeded');
  expect((await seedance.download(state, signal)).subarray(4, 8).toString()).toBe('ftyp');
});

test('image-to-video: the picture as an image_url content item with role first_frame, inline', async () => {
  const id = await seedance.submit(clip({ image: { bytes: PNG, contentType: 'image/png' }, aspectRatio: '16:9', seconds: 10 }), signal);
  expect(ark.tasks.get(id)).toMatchObject({ image: { contentType: 'image/png', role: 'first_frame', bytes: PNG.length }, ratio: '16:9', duration: 10 });
  expect((await pollUntilEnd(id)).status).toBe('succeeded');
});

test('a wrong key is rejected (401 AuthenticationError), the key never in the message', async () => {
  const bad = createSeedanceProvider({ apiKey: 'ark-wrong-key', baseUrl: ark.url, model: MODEL, pointsPerSecond: 5 });
  const error = await rejection(bad.submit(clip(), signal));
  expect(error.kind).toBe('rejected');
  expect(error.message).toContain('AuthenticationError');
  expect(error.message).not.toContain('ark-wrong-key');
});

test('an unknown model or endpoint is rejected as Ark says it', async () => {
  const other = createSeedanceProvider({ apiKey: ark.apiKey, baseUrl: ark.url, model: 'ep-not-mine', pointsPerSecond: 5 });
  expect((await rejection(other.submit(clip(), signal))).message).toContain('InvalidEndpointOrModel.NotFound');
});

test('moderation: InputTextSensitiveContentDetected at create, OutputVideoSensitiveContentDetected as the task ends', async () => {
  expect((await rejection(seedance.submit(clip({ prompt: '违禁' }), signal))).kind).toBe('moderation');
  const id = await seedance.submit(clip({ prompt: '敏感输出' }), signal);
  expect(await pollUntilEnd(id)).toMatchObject({ status: 'moderation', message: expect.stringContaining('OutputVideoSensitiveContentDetected') });
});

test('429 ServerOverloaded is rate-limited, 500 unavailable; the next create goes through', async () => {
  ark.failNext(1, 429);
  ark.failNext(1, 500);
  expect((await rejection(seedance.submit(clip(), signal))).kind).toBe('rate-limited');
  expect((await rejection(seedance.submit(clip(), signal))).kind).toBe('unavailable');
  await expect(seedance.submit(clip(), signal)).resolves.toMatch(/^cgt-/);
});

test('cancel: DELETE cancels a queued task; a running one cannot be, and that is not an error', async () => {
  const id = await seedance.submit(clip(), signal);
  await seedance.cancel(id, signal);
  expect(ark.tasks.get(id)!.status).toBe('cancelled');
  expect((await seedance.poll(id, signal)).status).toBe('cancelled');
  const running = await seedance.submit(clip(), signal);
  await seedance.poll(running, signal);
  await seedance.poll(running, signal);
  expect(ark.tasks.get(running)!.status).toBe('running');
  await expect(seedance.cancel(running, signal)).resolves.toBeUndefined();
  expect(ark.tasks.get(running)!.status).toBe('running');
});

test('an expired result URL: VendorError expired', async () => {
  ark.settings.staleUrls = 1;
  const id = await seedance.submit(clip(), signal);
  const state = await pollUntilEnd(id);
  expect((await rejection(seedance.download(state, signal))).kind).toBe('expired');
});

test('a duration Ark does not take is refused as InvalidParameter: rejected', async () => {
  const error = await rejection(seedance.submit(clip({ seconds: 30 }), signal));
  expect(error.kind).toBe('rejected');
  expect(error.message).toContain('duration');
});
