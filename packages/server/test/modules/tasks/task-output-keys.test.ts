import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { videoTasks } from '../../../src/db/schema.js';
import { sweepAbandonedUploads } from '../../../src/modules/files/sweep-uploads.js';
import type { WorkerPool } from '../../../src/workers/worker-pool.js';
import { describeTaskEngines } from '../../helpers/task-engines.js';
import { TestProvider } from '../../helpers/test-provider.js';
import { callOk, saveOk, testWorkers, waitForStatus } from '../../helpers/tasks.js';
import { signedInUser } from '../../helpers/users.js';

// Issue 11: rendered videos used to be at /files/tasks/<sequential id>/video.mp4, so a sweep of
// ids fetched every user's video. Now each task's files are under its own random token.

const DAY = 24 * 3600 * 1000;
const VIDEO_URL = /^\/files\/tasks\/([0-9a-f]{64})\/video\.mp4$/;

describeTaskEngines('rendered files under unguessable keys', (ctx) => {
  const pools: WorkerPool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.stop()));
    await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing')`);
  });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app().inject({ method: 'GET', url, headers });
  const tasksDir = () => path.join(ctx.app().config.dataDir, 'files', 'tasks');

  it('stores each task\'s video and cover under 64 random hex digits of its own; the address by task id answers 404', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 20 });
    const saved = [await saveOk(ctx, token), await saveOk(ctx, token)];
    pools.push(testWorkers(ctx, new TestProvider()));
    for (const task of saved) await waitForStatus(ctx, task.id, 'succeeded');
    const done = await Promise.all(saved.map((task) => callOk(ctx, 'detail', { token, id: task.id })));

    const tokens = done.map((task) => {
      const match = VIDEO_URL.exec(task.videoUrl);
      expect(match).not.toBeNull();
      // Two v4 UUIDs: 244 random bits, well over the 128 asked for.
      expect(task.coverUrl).toBe(`/files/tasks/${match![1]}/cover.jpg`);
      return match![1];
    });
    expect(new Set(tokens).size).toBe(2);
    for (const task of done) {
      expect((await get(task.videoUrl)).statusCode).toBe(200);
      for (const name of ['video.mp4', 'cover.jpg']) expect((await get(`/files/tasks/${task.id}/${name}`)).statusCode).toBe(404);
    }
  });

  it('serves a video with an hour of caching, then revalidation; after delete it answers 404', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    pools.push(testWorkers(ctx, new TestProvider()));
    await waitForStatus(ctx, saved.id, 'succeeded');
    const task = await callOk(ctx, 'detail', { token, id: saved.id });

    const video = await get(task.videoUrl);
    expect(video.headers).toMatchObject({ 'content-type': 'video/mp4', 'cache-control': 'public, max-age=3600' });
    expect((await get(task.coverUrl)).headers['cache-control']).toBe('public, max-age=3600');
    expect((await get(task.videoUrl, { 'if-none-match': String(video.headers.etag) })).statusCode).toBe(304);

    await callOk(ctx, 'delete', { token, id: saved.id });
    expect((await get(task.videoUrl, { 'if-none-match': String(video.headers.etag) })).statusCode).toBe(404);
    expect((await get(task.coverUrl)).statusCode).toBe(404);
  });

  it('renders a retry into the same keys, leaving no other files; the upload sweep leaves outputs alone', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    pools.push(testWorkers(ctx, new TestProvider()));
    await waitForStatus(ctx, saved.id, 'succeeded');
    const first = await callOk(ctx, 'detail', { token, id: saved.id });
    // As if its worker had died after storing the files: the task goes back to the queue.
    await ctx.db().update(videoTasks).set({ status: 'queued', videoKey: null, coverKey: null }).where(eq(videoTasks.id, Number(saved.id)));
    await ctx.app().taskSignals.queued();
    await waitForStatus(ctx, saved.id, 'succeeded');
    const again = await callOk(ctx, 'detail', { token, id: saved.id });
    expect([again.videoUrl, again.coverUrl]).toEqual([first.videoUrl, first.coverUrl]);

    // On disk: files in exactly the folders of the tasks that show them, two in each (the store
    // leaves a deleted task's folder empty).
    const shown = await ctx
      .db()
      .select({ outputToken: videoTasks.outputToken })
      .from(videoTasks)
      .where(and(eq(videoTasks.status, 'succeeded'), isNull(videoTasks.deletedAt)));
    expect(readdirSync(tasksDir()).filter((name) => readdirSync(path.join(tasksDir(), name)).length > 0).sort()).toEqual(shown.map((row) => row.outputToken).sort());
    for (const { outputToken } of shown) expect(readdirSync(path.join(tasksDir(), outputToken)).sort()).toEqual(['cover.jpg', 'video.mp4']);

    const app = ctx.app();
    await sweepAbandonedUploads({ db: app.db, store: app.storage }, new Date(Date.now() + DAY));
    expect((await get(again.videoUrl)).statusCode).toBe(200);
  });
});
