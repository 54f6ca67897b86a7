// 我的创作's thumbnails: a finished video's cover (and the thumbnails made from it) is a frame of
// the user's own first picture, not the title card — end to end, through the upload, the
// built-in renderer and storage. (A hosted model's video is covered from its first clip, which
// the engine composes the same way: packages/engine/test/clips.test.ts.)
import { createCanvas } from '@napi-rs/canvas';
import type { UploadPolicy, VideoTask } from '@app/contract';
import { closeColour, edgeShare, meanColour, readPixels } from '../../../engine/test/helpers/pixels.js';
import { createProvider } from '../../src/modules/tasks/create-provider.js';
import { startWorkers, type WorkerPool } from '../../src/workers/worker-pool.js';
import { uploadForm } from '../modules/storage/upload-fixtures.js';
import { describeTaskEngines } from '../helpers/task-engines.js';
import { callOk, saveOk, waitForStatus } from '../helpers/tasks.js';
import type { EngineContext } from '../helpers/engines.js';
import { signedInUser } from '../helpers/users.js';

jest.setTimeout(120_000);

/** A photo of one colour, of the video's shape, uploaded as the app does; answers its URL. */
async function uploadFlatPhoto(ctx: EngineContext, token: string, colour: string): Promise<string> {
  const canvas = createCanvas(540, 960);
  const paint = canvas.getContext('2d');
  paint.fillStyle = colour;
  paint.fillRect(0, 0, 540, 960);
  const policy: UploadPolicy = (await ctx.post('/server_api/oss/stsPolicy', { token, kind: 'image' })).body.data;
  const res = await ctx.app().inject({ method: 'POST', url: '/files', payload: uploadForm(policy, { bytes: await canvas.encode('jpeg', 90), type: 'image/jpeg' }) });
  if (res.statusCode !== 204) throw new Error(`upload answered ${res.statusCode}`);
  return policy.url;
}

describeTaskEngines('the cover of a finished video', (ctx) => {
  let pool: WorkerPool | undefined;
  afterEach(async () => {
    await pool?.stop();
    pool = undefined;
  });

  it('shows the user\'s first picture (cover and thumbnail), not the title card', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const images = [await uploadFlatPhoto(ctx, token, '#2a9d5f'), await uploadFlatPhoto(ctx, token, '#c83c6a')];
    // No template: the title card would be the default dark blue, with the title in white.
    const saved = await saveOk(ctx, token, { images, duration: 5, title: '周末野餐' });
    const app = ctx.app();
    pool = startWorkers({ db: app.db, store: app.storage, config: app.config, signals: app.taskSignals, log: app.log, provider: createProvider(app.config), count: 1 });
    await waitForStatus(ctx, saved.id, 'succeeded', 90_000);
    const done = await callOk<VideoTask>(ctx, 'detail', { token, id: saved.id });

    const cover = await app.inject({ method: 'GET', url: done.coverUrl });
    expect([cover.statusCode, cover.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const pixels = await readPixels(cover.rawPayload);
    expect({ mean: meanColour(pixels).map(Math.round), close: closeColour(meanColour(pixels), [0x2a, 0x9d, 0x5f], 14) }).toMatchObject({ close: true });
    // No title or caption letters over it.
    expect(edgeShare(pixels)).toBeLessThan(0.001);

    // 我的创作 shows a thumbnail made from the cover.
    expect(done.coverThumbUrl).not.toBe('');
    const thumb = await app.inject({ method: 'GET', url: `${done.coverThumbUrl}/320.webp` });
    expect(thumb.statusCode).toBe(200);
    const thumbPixels = await readPixels(thumb.rawPayload);
    expect(closeColour(meanColour(thumbPixels), [0x2a, 0x9d, 0x5f], 14)).toBe(true);
  });
});
