import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { probe } from '../../../engine/test/helpers/probe.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { files, videoTasks } from '../../src/db/schema.js';
import { type UploadPolicy } from '@app/contract';
import { moveLegacyOutputs } from '../../src/modules/tasks/legacy-outputs.js';
import { createProvider } from '../../src/modules/tasks/create-provider.js';
import { legacyTaskOutputKeys } from '../../src/modules/tasks/task-outputs.js';
import { startWorkers, type WorkerPool } from '../../src/workers/worker-pool.js';
import { uploadForm } from '../modules/storage/upload-fixtures.js';
import type { EngineContext } from '../helpers/engines.js';
import { createTestDatabase, postgresAvailable } from '../helpers/postgres.js';
import { startTsx } from '../helpers/processes.js';
import { describeTaskEngines } from '../helpers/task-engines.js';
import { callOk, outputKeysOf, saveOk, taskRow, waitForStatus } from '../helpers/tasks.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp-dirs.js';
import { signedInUser } from '../helpers/users.js';

// Workers with the S3 store: the user's pictures come from the bucket, the video and cover go to
// it and are served from its public URL, and deleting the task removes them — in this process
// and in a `npm run worker` process, which shares nothing with the API but PostgreSQL and the bucket.

const BUCKET = 'videos';
const env: Record<string, string> = {};
let s3rver: S3rver;

beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: makeTempDir(), configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3rver.run();
  // Read by describeTaskEngines when it builds its apps, which is after this.
  Object.assign(env, { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
});
afterAll(async () => {
  await s3rver.close();
  removeTempDirs();
});

/** A photo-sized JPEG, uploaded to the bucket with the presigned POST as the app does; answers its URL. */
async function uploadPhoto(ctx: Pick<EngineContext, 'post'>, token: string): Promise<string> {
  const canvas = createCanvas(640, 480);
  const paint = canvas.getContext('2d');
  const gradient = paint.createLinearGradient(0, 0, 640, 480);
  gradient.addColorStop(0, '#2a9d8f');
  gradient.addColorStop(1, '#e9c46a');
  paint.fillStyle = gradient;
  paint.fillRect(0, 0, 640, 480);
  const policy: UploadPolicy = (await ctx.post('/server_api/oss/stsPolicy', { token, kind: 'image' })).body.data;
  const res = await fetch(policy.host, { method: 'POST', body: uploadForm(policy, { bytes: await canvas.encode('jpeg', 85), type: 'image/jpeg' }) });
  if (res.status !== 204) throw new Error(`the bucket answered ${res.status}`);
  return policy.url;
}

/** The rendered task as docs/api.md says it: its URLs in the bucket, a playable MP4 and a JPEG there; then delete takes them away. */
async function expectRenderedInBucket(ctx: Pick<EngineContext, 'post' | 'db'>, token: string, id: string, duration: number): Promise<void> {
  const task = await callOk(ctx as EngineContext, 'detail', { token, id });
  const keys = await outputKeysOf(ctx, id);
  expect(keys.video).toMatch(/^tasks\/[0-9a-f]{64}\/video\.mp4$/);
  expect(task).toMatchObject({ status: 'succeeded', videoUrl: `${env.S3_ENDPOINT}/${BUCKET}/${keys.video}`, coverUrl: `${env.S3_ENDPOINT}/${BUCKET}/${keys.cover}` });
  // Nothing at the address the task's id would give.
  expect((await fetch(`${env.S3_ENDPOINT}/${BUCKET}/tasks/${id}/video.mp4`)).status).toBe(404);

  const video = await fetch(task.videoUrl);
  // A user's video: cached an hour at most, so a delete takes effect (storage/cache-control).
  expect([video.status, video.headers.get('content-type'), video.headers.get('cache-control')]).toEqual([200, 'video/mp4', 'public, max-age=3600']);
  const file = path.join(makeTempDir(), 'video.mp4');
  await writeFile(file, Buffer.from(await video.arrayBuffer()));
  const probed = await probe(file);
  expect(probed.video).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 720, height: 1280, frames: duration * 30 });
  expect(probed.duration).toBeCloseTo(duration, 1);
  // Phones seek with ranges.
  const range = await fetch(task.videoUrl, { headers: { range: 'bytes=0-99' } });
  expect([range.status, (await range.arrayBuffer()).byteLength]).toEqual([206, 100]);
  const cover = await fetch(task.coverUrl);
  expect([cover.status, cover.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  expect(Buffer.from(await cover.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

  await callOk(ctx as EngineContext, 'delete', { token, id });
  expect((await fetch(task.videoUrl)).status).toBe(404);
  expect((await fetch(task.coverUrl)).status).toBe(404);
}

describeTaskEngines(
  'video workers with the S3 store (s3rver)',
  (ctx) => {
    let pool: WorkerPool | undefined;
    afterEach(async () => {
      await pool?.stop();
      pool = undefined;
      await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing')`);
    });

    it('renders a task from pictures in the bucket into the bucket, serves it from there, and delete removes it', async () => {
      expect(ctx.app().storage.kind).toBe('s3');
      const { token } = await signedInUser(ctx.db(), { points: 10 });
      const saved = await saveOk(ctx, token, { images: [await uploadPhoto(ctx, token)], duration: 5 });
      const app = ctx.app();
      pool = startWorkers({ db: app.db, store: app.storage, config: app.config, signals: app.taskSignals, log: app.log, provider: createProvider(app.config), count: 1 });
      await waitForStatus(ctx, saved.id, 'succeeded', 60_000);
      await expectRenderedInBucket(ctx, token, saved.id, 5);
    });

    it('moves a task\'s files stored before 0004 at tasks/<id>/ to its random keys, with an hour of caching instead of a year', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 10 });
      const saved = await saveOk(ctx, token);
      const id = Number(saved.id);
      const old = legacyTaskOutputKeys(id);
      // As the old code stored them.
      const client = new S3Client({
        endpoint: env.S3_ENDPOINT,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
      });
      const bytes = { video: Buffer.from('old video bytes'), cover: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]) };
      for (const [name, type] of [['video', 'video/mp4'], ['cover', 'image/jpeg']] as const) {
        await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: old[name], Body: bytes[name], ContentType: type, CacheControl: 'public, max-age=31536000, immutable' }));
        await ctx.db().insert(files).values({ key: old[name], userId: user.id, kind: name, contentType: type, size: bytes[name].length, uploadedAt: new Date() });
      }
      client.destroy();
      await ctx.db().update(videoTasks).set({ status: 'succeeded', videoKey: old.video, coverKey: old.cover, legacyOutputs: true }).where(eq(videoTasks.id, id));

      const app = ctx.app();
      expect(await moveLegacyOutputs({ db: app.db, store: app.storage, log: app.log })).toBe(2);

      const row = await taskRow(ctx, saved.id);
      expect([row.videoKey, row.coverKey, row.legacyOutputs]).toEqual([`tasks/${row.outputToken}/video.mp4`, `tasks/${row.outputToken}/cover.jpg`, false]);
      const task = await callOk(ctx, 'detail', { token, id: saved.id });
      expect(task.videoUrl).toBe(`${env.S3_ENDPOINT}/${BUCKET}/${row.videoKey}`);
      const video = await fetch(task.videoUrl);
      expect([video.status, video.headers.get('content-type'), video.headers.get('cache-control')]).toEqual([200, 'video/mp4', 'public, max-age=3600']);
      expect(Buffer.from(await video.arrayBuffer())).toEqual(bytes.video);
      expect((await fetch(task.coverUrl)).headers.get('content-type')).toBe('image/jpeg');
      for (const key of [old.video, old.cover]) expect((await fetch(`${env.S3_ENDPOINT}/${BUCKET}/${key}`)).status).toBe(404);
    });
  },
  env,
);

/** `npm run worker` (src/worker.ts, the real engine) beside an API-only app, sharing PostgreSQL and the bucket only. */
(postgresAvailable() ? describe : describe.skip)('a worker process with the S3 store (PostgreSQL, s3rver)', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let processEnv: Record<string, string>;
  const ctx = {
    post: async (url: string, body: Record<string, unknown> = {}) => {
      const res = await app.inject({ method: 'POST', url, payload: body });
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    },
    db: () => app.db,
  };

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    processEnv = { ...env, DATABASE_URL: created.url, LOG_LEVEL: 'warn', SEED_TEMPLATES: '0' };
    // Each its own DATA_DIR: nothing on disk is shared.
    app = await buildApp(loadConfig({ ...processEnv, WORKERS: '0', LOG_LEVEL: 'silent', DATA_DIR: makeTempDir(), WEB_ROOT: makeTempDir() }));
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('renders the task into the bucket, where the API serves its URLs from, and delete removes it', async () => {
    const { token } = await signedInUser(app.db, { points: 10 });
    const saved = await saveOk(ctx as EngineContext, token, { images: [await uploadPhoto(ctx, token)], duration: 5 });
    const worker = startTsx(path.join(__dirname, '..', '..', 'src', 'worker.ts'), { ...processEnv, DATA_DIR: makeTempDir(), WORKERS: '1' });
    try {
      await waitForStatus({ db: () => app.db } as EngineContext, saved.id, 'succeeded', 60_000);
      await expectRenderedInBucket(ctx, token, saved.id, 5);
    } finally {
      worker.child.kill('SIGTERM');
      expect((await worker.exited).code).toBe(0);
    }
    // (The AWS SDK's notice about Node 20 support may be there: it is no failure.)
    expect(worker.output().stderr).not.toMatch(/error|fail/i);
  }, 90_000);
});
