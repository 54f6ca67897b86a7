import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { edgeShare, readPixels } from '../../../../engine/test/helpers/pixels.js';
import { probe } from '../../../../engine/test/helpers/probe.js';
import { resolveTheme } from '../../../../engine/src/theme.js';
import { buildApp } from '../../../src/app.js';
import { files, sysVideos, videoTasks } from '../../../src/db/schema.js';
import { createProvider } from '../../../src/modules/tasks/create-provider.js';
import { refreshScenelessSamples, SEED_TEMPLATES, seedTemplates } from '../../../src/modules/templates/seed-templates.js';
import { startWorkers, type WorkerPool } from '../../../src/workers/worker-pool.js';
import { describeTaskEngines } from '../../helpers/task-engines.js';
import { TestProvider } from '../../helpers/test-provider.js';
import { saveOk, testWorkers, waitForStatus, waitUntil } from '../../helpers/tasks.js';
import { makeTempDir, removeTempDirs } from '../../helpers/temp-dirs.js';
import { signedInUser } from '../../helpers/users.js';
import { testConfig } from '../../helpers/engines.js';

afterAll(removeTempDirs);

describeTaskEngines('built-in templates (SEED_TEMPLATES)', (ctx) => {
  const pools: WorkerPool[] = [];
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.stop()));
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing')`);
    await ctx.db().delete(sysVideos);
  });

  const seeded = () => ctx.db().select().from(sysVideos).where(isNotNull(sysVideos.seedKey)).orderBy(sysVideos.sort);
  /** Another process starting against the same database: its own pool on PostgreSQL, the one PGlite otherwise. */
  const startApp = async () => {
    const config = testConfig({ SEED_TEMPLATES: '1', DATA_DIR: ctx.app().config.dataDir, WORKERS: '0', DATABASE_URL: ctx.databaseUrl() });
    const app = await buildApp(config, { database: ctx.databaseUrl() ? undefined : ctx.database() });
    apps.push(app);
    await app.ready();
    return app;
  };

  it('seeds at least 6 templates of distinct categories, styles and looks, hidden until their samples exist', async () => {
    expect(await seedTemplates(ctx.db())).toBe(SEED_TEMPLATES.length);
    const rows = await seeded();
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((r) => r.category)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.style)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => (r.params as { motif: string }).motif)).size).toBe(rows.length);
    // Each shows its theme in a drawn scene of its own (engine scenes.ts).
    expect(new Set(rows.map((r) => (r.params as { scene: string }).scene)).size).toBe(rows.length);
    for (const row of rows) expect(resolveTheme({ style: row.style, params: row.params as Record<string, unknown> }).scene).toBe((row.params as { scene: string }).scene);
    for (const row of rows) {
      expect(row).toMatchObject({ sampleStatus: 'pending', videoUrl: '', coverUrl: '' });
      expect(row.duration).toBeGreaterThanOrEqual(5);
      expect(row.duration).toBeLessThanOrEqual(8);
    }
    // No tile without a cover, no detail that plays nothing.
    expect((await ctx.post('/api/v1/sysVideo/list', { pageSize: 50 })).body.data).toMatchObject({ list: [], total: 0 });
    expect((await ctx.post('/api/v1/sysVideo/detail', { id: String(rows[0]!.id) })).body).toMatchObject({ rspCode: 4, rspMsg: '模板不存在' });
  });

  it('is idempotent: a second start inserts nothing', async () => {
    await startApp();
    const first = await seeded();
    expect(first).toHaveLength(SEED_TEMPLATES.length);
    await startApp();
    expect(await seedTemplates(ctx.db())).toBe(0);
    expect((await seeded()).map((r) => r.id)).toEqual(first.map((r) => r.id));
  });

  it('seeds once when several processes start together', async () => {
    await Promise.all([startApp(), startApp(), startApp()]);
    const rows = await seeded();
    expect(rows.map((r) => r.seedKey).sort()).toEqual(SEED_TEMPLATES.map((s) => s.seedKey).sort());
  });

  it('is off with SEED_TEMPLATES=0', async () => {
    expect(ctx.app().config.seedTemplates).toBe(false);
    expect(await seeded()).toEqual([]);
  });

  it('renders samples behind users\' videos and one at a time, however many workers are idle', async () => {
    await seedTemplates(ctx.db());
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const provider = new TestProvider({ steps: 5, stepMs: 20 });
    let rendering = 0;
    let most = 0;
    provider.on('start', (call) => call.task.id.startsWith('template-') && (most = Math.max(most, (rendering += 1))));
    provider.on('end', (call) => call.task.id.startsWith('template-') && (rendering -= 1));
    // One idle worker: the user's video first, though the samples were waiting before it.
    pools.push(testWorkers(ctx, provider, { count: 1 }));
    await waitForStatus(ctx, saved.id, 'succeeded');
    expect(provider.calls[0]!.task.id).toBe(saved.id);
    // More idle workers: still one sample at a time.
    pools.push(testWorkers(ctx, provider, { count: 2 }));
    await waitUntil(async () => (await seeded()).every((r) => r.sampleStatus === 'ready'), 30_000, 'every sample');
    expect(most).toBe(1);
    const sample = provider.calls.find((call) => call.task.id.startsWith('template-'))!.task;
    expect(sample).toMatchObject({ images: [], title: SEED_TEMPLATES[0]!.title, prompt: SEED_TEMPLATES[0]!.description, duration: SEED_TEMPLATES[0]!.duration });
    // The sample sounds as a video made with the template does: its mood (清新 → travel), seeded by its title.
    expect(sample.music).toEqual({ mood: 'travel', seed: SEED_TEMPLATES[0]!.title });
    const list = (await ctx.post('/api/v1/sysVideo/list', { pageSize: 50 })).body.data;
    expect(list.list.map((t: { title: string }) => t.title)).toEqual(SEED_TEMPLATES.map((s) => s.title));
  });

  it('puts a sample back in the queue when its worker shuts down mid-render', async () => {
    await seedTemplates(ctx.db(), SEED_TEMPLATES.slice(0, 1));
    const provider = new TestProvider({ steps: 100, stepMs: 50 });
    const pool = testWorkers(ctx, provider);
    await new Promise((resolve) => provider.once('start', resolve));
    await pool.stop();
    const [row] = await seeded();
    expect(row).toMatchObject({ sampleStatus: 'pending', sampleAttempts: 0, sampleLeaseOwner: null, videoUrl: '' });
  });

  it('keeps a template hidden when its sample fails to render', async () => {
    await seedTemplates(ctx.db(), SEED_TEMPLATES.slice(0, 1));
    const provider = new TestProvider({ failWith: new Error('ffmpeg exploded') });
    pools.push(testWorkers(ctx, provider));
    await waitUntil(async () => (await seeded())[0]!.sampleStatus === 'failed', 10_000, 'the failed sample');
    expect((await ctx.post('/api/v1/sysVideo/list', {})).body.data.total).toBe(0);
    // A start gives it another chance.
    await seedTemplates(ctx.db());
    expect((await seeded()).find((r) => r.seedKey === SEED_TEMPLATES[0]!.seedKey)).toMatchObject({ sampleStatus: 'pending', sampleAttempts: 0 });
  });

  it('renders again, once, the samples of built-in templates seeded before drawn scenes', async () => {
    const [travel, food] = SEED_TEMPLATES;
    const sceneless = ({ scene: _scene, ...rest }: Record<string, unknown>) => rest;
    // As an older server left them: ready, with gradient samples, their params naming no scene.
    await ctx.db().insert(sysVideos).values([
      { ...travel!, params: sceneless(travel!.params as Record<string, unknown>), sampleStatus: 'ready', videoUrl: '/files/old.mp4', coverUrl: '/files/old.jpg' },
      { ...food!, params: sceneless(food!.params as Record<string, unknown>), sampleStatus: 'rendering', videoUrl: '', coverUrl: '' },
    ]);
    // An operator's own template that happens to have no scene is not the seeds' business.
    await ctx.db().insert(sysVideos).values({ title: '我的模板', description: '', category: '其他', style: '简约', duration: 5, aspectRatio: '9:16', params: {}, videoUrl: '/files/mine.mp4', coverUrl: '/files/mine.jpg' });

    expect(await refreshScenelessSamples(ctx.db())).toBe(1);
    const rows = await ctx.db().select().from(sysVideos).orderBy(sysVideos.id);
    expect(rows[0]).toMatchObject({ seedKey: travel!.seedKey, params: travel!.params, sampleStatus: 'pending', sampleAttempts: 0 });
    // One being rendered now is left to its worker.
    expect(rows[1]).toMatchObject({ seedKey: food!.seedKey, sampleStatus: 'rendering' });
    expect(rows[2]).toMatchObject({ title: '我的模板', params: {}, sampleStatus: 'ready' });
    // Once: the next start finds the scene and leaves the row alone.
    expect(await refreshScenelessSamples(ctx.db())).toBe(0);

    // A starting server does it by itself, and its workers render the new sample.
    await ctx.db().update(sysVideos).set({ params: sceneless(travel!.params as Record<string, unknown>), sampleStatus: 'ready' }).where(isNotNull(sysVideos.seedKey));
    await startApp();
    expect((await seeded()).find((r) => r.seedKey === travel!.seedKey)).toMatchObject({ params: travel!.params, sampleStatus: 'pending' });
    pools.push(testWorkers(ctx, new TestProvider({ steps: 2, stepMs: 5 })));
    await waitUntil(async () => (await seeded()).every((r) => r.sampleStatus === 'ready'), 30_000, 'every sample');
    expect((await seeded()).find((r) => r.seedKey === travel!.seedKey)!.videoUrl).not.toBe('/files/old.mp4');
  });

  it('renders a real, playable sample with the engine and serves it from storage', async () => {
    const seed = SEED_TEMPLATES.find((s) => s.duration === 5)!;
    await seedTemplates(ctx.db(), [seed]);
    const app = ctx.app();
    pools.push(startWorkers({ db: app.db, store: app.storage, config: app.config, signals: app.taskSignals, log: app.log, provider: createProvider(app.config), count: 1 }));
    await waitUntil(async () => (await seeded())[0]!.sampleStatus === 'ready', 60_000, 'the sample');

    const [template] = (await ctx.post('/api/v1/sysVideo/list', {})).body.data.list;
    expect(template).toMatchObject({ title: seed.title, category: seed.category, style: seed.style, duration: 5, aspectRatio: seed.aspectRatio });
    expect(template.videoUrl).toMatch(/^\/files\/templates\/\d+\/[0-9a-f]{16}\.mp4$/);
    expect(template.coverUrl).toMatch(/^\/files\/templates\/\d+\/[0-9a-f]{16}\.jpg$/);

    const video = await app.inject({ method: 'GET', url: template.videoUrl });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    const file = path.join(makeTempDir(), 'sample.mp4');
    await writeFile(file, video.rawPayload);
    const probed = await probe(file);
    expect(probed.video).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 720, height: 1280, frames: 150 });
    expect(probed.audio?.codec).toBe('aac');
    expect(probed.duration).toBeCloseTo(5, 1);

    const cover = await app.inject({ method: 'GET', url: template.coverUrl });
    expect([cover.statusCode, cover.headers['content-type']]).toEqual([200, 'image/jpeg']);
    // The cover is the template's drawn scene (lanterns for 新春祝福), not a gradient with its name:
    // its outlines are several times what any moving background has (engine scenes.test.ts).
    expect(edgeShare(await readPixels(cover.rawPayload))).toBeGreaterThan(0.012);
    const keys = [template.videoUrl, template.coverUrl].map((url: string) => url.slice('/files/'.length));
    const recorded = await ctx.db().select().from(files).where(inArray(files.key, keys));
    expect(recorded.map((r) => [r.kind, r.contentType]).sort()).toEqual([['template', 'image/jpeg'], ['template', 'video/mp4']]);
  });
});
