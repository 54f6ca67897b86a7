import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { files, videoTasks } from '../../src/db/schema.js';
import { RenderFailure } from '../../src/modules/tasks/video-provider.js';
import { addTemplate } from '../../src/modules/templates/templates.js';
import type { WorkerPool } from '../../src/workers/worker-pool.js';
import { PNG } from '../modules/storage/upload-fixtures.js';
import { describeTaskEngines } from '../helpers/task-engines.js';
import { fakeCover, fakeVideo, TestProvider } from '../helpers/test-provider.js';
import { callOk, ledgerOfTask, outputKeysOf, saveOk, taskRow, testWorkers, uploadImage, waitForStatus, waitUntil } from '../helpers/tasks.js';
import { makeTempDir } from '../helpers/temp-dirs.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../helpers/users.js';

const DAY = 24 * 3600 * 1000;

describeTaskEngines('video workers', (ctx) => {
  const pools: WorkerPool[] = [];
  const start = (provider: TestProvider, options: Parameters<typeof testWorkers>[2] = {}) => {
    const pool = testWorkers(ctx, provider, options);
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.stop()));
    // Whatever a test left queued must not feed the next test's workers.
    await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing')`);
  });
  const onDisk = (key: string) => path.join(ctx.app().config.dataDir, 'files', key);

  it('removes at start the work folders a killed worker process left, keeps a live one\'s, and renders in a folder of its own', async () => {
    const root = makeTempDir();
    const host = hostname().replace(/[^\w.-]/g, '_');
    const killed = path.join(root, `${host}~4194305~0a1b`, 'video-task-9-abc'); // a pid above Linux's largest: no such process
    const live = path.join(root, `${host}~${process.pid}~2c3d`, 'video-task-8-def');
    for (const dir of [killed, live]) mkdirSync(dir, { recursive: true });
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const provider = new TestProvider();
    start(provider, { tempDir: root });

    await waitForStatus(ctx, saved.id, 'succeeded');
    expect(existsSync(path.dirname(killed))).toBe(false);
    expect(existsSync(live)).toBe(true);
    const workDir = provider.calls[0]!.task.workDir;
    expect(path.basename(path.dirname(workDir))).toMatch(new RegExp(`~${process.pid}~`));
    expect(path.dirname(path.dirname(workDir))).toBe(root);
  });

  it('renders a task: pictures in, files stored under the task, succeeded at 100 with its URLs', async () => {
    const template = await addTemplate(ctx.db(), ctx.app().config, {
      title: '复古', description: '', category: '生活', style: 'retro', coverUrl: '/files/t/1.jpg', videoUrl: '/files/t/1.mp4', duration: 10, aspectRatio: '1:1', sort: 0, params: { color: '#c96' },
    });
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const images = [await uploadImage(ctx, token), await uploadImage(ctx, token)];
    const saved = await saveOk(ctx, token, { images, aspectRatio: '1:1', duration: 6, templateId: template.id, captionStyle: 'subtitle' });
    const provider = new TestProvider();
    const tempDir = makeTempDir();
    start(provider, { tempDir });

    await waitForStatus(ctx, saved.id, 'succeeded');
    const task = await callOk(ctx, 'detail', { token, id: saved.id });
    const keys = await outputKeysOf(ctx, saved.id);
    expect(task).toMatchObject({
      status: 'succeeded',
      progress: 100,
      queuePosition: 0,
      videoUrl: `/files/${keys.video}`,
      coverUrl: `/files/${keys.cover}`,
      errorMsg: '',
    });
    expect(task.startedAt).toBeGreaterThanOrEqual(task.createdAt);
    expect(task.finishedAt).toBeGreaterThanOrEqual(task.startedAt);
    expect(readFileSync(onDisk(keys.video))).toEqual(fakeVideo(saved.id));
    expect((await ctx.app().inject({ method: 'GET', url: task.coverUrl })).rawPayload).toEqual(fakeCover(saved.id));

    const [call] = provider.calls;
    expect(call!.task).toMatchObject({
      id: saved.id, title: '春日出游', aspectRatio: '1:1', duration: 6, captionStyle: 'subtitle', template: { title: '复古', style: 'retro', params: { color: '#c96' } },
    });
    expect(call!.imageBytes).toEqual([PNG, PNG]);
    expect(call!.task.images.map((file) => path.extname(file))).toEqual(['.png', '.png']);
    // The work directory was the task's own, and goes once the task is done.
    expect(call!.task.workDir.startsWith(tempDir)).toBe(true);
    await waitUntil(() => !existsSync(call!.task.workDir), 2000, 'the work directory to go');

    const stored = await ctx.db().select().from(files).where(eq(files.userId, user.id));
    expect(stored.filter((f) => f.kind === 'video' || f.kind === 'cover').map((f) => [f.key, f.kind, f.contentType])).toEqual(
      expect.arrayContaining([
        [keys.video, 'video', 'video/mp4'],
        [keys.cover, 'cover', 'image/jpeg'],
      ]),
    );
    expect((await taskRow(ctx, saved.id)).leaseOwner).toBeNull();
    expect((await userState(ctx.db(), user.id)).points).toBe(4);
  });

  it('starts a task saved on an idle system (woken, not polled)', async () => {
    const provider = new TestProvider();
    // A poll an hour apart: within this test's minute only the wake-up can start the task.
    start(provider, { pollMs: 3_600_000 });
    await ctx.app().taskSignals.ready();
    // Let the worker find the queue empty and go to sleep.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { token } = await signedInUser(ctx.db(), { points: 10 });

    const saved = await saveOk(ctx, token);
    await provider.started(saved.id);
    await waitForStatus(ctx, saved.id, 'succeeded');
  });

  it('stores progress while rendering, at most every progressEveryMs', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const provider = new TestProvider({ steps: 40, stepMs: 25 });
    start(provider, { progressEveryMs: 200 });
    const seen = new Set<number>();
    await waitUntil(async () => {
      const row = await taskRow(ctx, saved.id);
      if (row.status === 'processing') seen.add(row.progress);
      return row.status === 'succeeded';
    });
    const between = [...seen].filter((p) => p > 0 && p < 100);
    expect(between.length).toBeGreaterThanOrEqual(2);
    // 40 provider calls over ~1 s, stored at most every 200 ms: a handful of writes, not 40.
    expect(seen.size).toBeLessThanOrEqual(8);
    expect((await taskRow(ctx, saved.id)).progress).toBe(100);
  });

  it('fails a task whose render fails, with a generic message, and refunds it once', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    start(new TestProvider({ failWith: new Error('ffmpeg exited with code 1 at /tmp/secret/path') }));
    await waitForStatus(ctx, saved.id, 'failed');
    const task = await callOk(ctx, 'detail', { token, id: saved.id });
    expect(task).toMatchObject({ status: 'failed', errorMsg: '视频生成失败，积分已退还', videoUrl: '', coverUrl: '' });
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => [r.type, r.change])).toEqual([['generate', -5], ['refund', 5]]);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
    expect((await taskRow(ctx, saved.id)).attempts).toBe(1);
  });

  it('shows a RenderFailure\'s own message', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    start(new TestProvider({ failWith: new RenderFailure('文案无法生成字幕') }));
    await waitForStatus(ctx, saved.id, 'failed');
    expect((await taskRow(ctx, saved.id)).errorMsg).toBe('文案无法生成字幕');
  });

  it('fails with its refund a task whose picture is gone from storage', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const image = await uploadImage(ctx, token);
    const saved = await saveOk(ctx, token, { images: [image] });
    await ctx.app().storage.delete(image.replace('/files/', ''));
    const provider = new TestProvider();
    start(provider);
    await waitForStatus(ctx, saved.id, 'failed');
    expect((await taskRow(ctx, saved.id)).errorMsg).toBe('图片已失效，请重新上传后再试');
    expect(provider.calls).toEqual([]);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('takes members\' tasks first, then the oldest', async () => {
    const member = await signedInUser(ctx.db(), { points: 50, memberUntil: new Date(Date.now() + DAY) });
    const plain = await signedInUser(ctx.db(), { points: 50 });
    const order = [
      await saveOk(ctx, plain.token, { title: 'p1' }),
      await saveOk(ctx, plain.token, { title: 'p2' }),
      await saveOk(ctx, member.token, { title: 'm1' }),
      await saveOk(ctx, plain.token, { title: 'p3' }),
      await saveOk(ctx, member.token, { title: 'm2' }),
    ];
    const provider = new TestProvider({ steps: 1 });
    start(provider);
    await waitUntil(async () => (await Promise.all(order.map((t) => taskRow(ctx, t.id)))).every((r) => r.status === 'succeeded'));
    expect(provider.calls.map((c) => c.task.title)).toEqual(['m1', 'm2', 'p1', 'p2', 'p3']);
  });

  it('renders each task once with several workers claiming at the same time', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const saved = await Promise.all(Array.from({ length: 8 }, (_, i) => saveOk(ctx, token, { title: `t${i}` })));
    const provider = new TestProvider({ steps: 2, stepMs: 20 });
    start(provider, { count: 3, name: 'a' });
    start(provider, { count: 3, name: 'b' });
    await waitUntil(async () => (await Promise.all(saved.map((t) => taskRow(ctx, t.id)))).every((r) => r.status === 'succeeded'));
    expect(provider.calls.map((c) => c.task.id).sort()).toEqual(saved.map((t) => t.id).sort());
  });

  it('renews its lease while rendering, so a long render is not taken by another worker', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const provider = new TestProvider({ steps: 10, stepMs: 100 });
    start(provider, { leaseMs: 300, name: 'first' });
    await provider.started(saved.id);
    start(provider, { leaseMs: 300, pollMs: 50, name: 'second' });
    await waitForStatus(ctx, saved.id, 'succeeded');
    expect(provider.calls).toHaveLength(1);
    expect((await taskRow(ctx, saved.id)).attempts).toBe(1);
  });

  it('stops a render whose task was taken from it, and leaves the task to its new owner', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const provider = new TestProvider({ steps: 50, stepMs: 40 });
    start(provider, { progressEveryMs: 50 });
    const call = await provider.started(saved.id);
    await ctx.db().update(videoTasks).set({ leaseOwner: 'someone-else' }).where(eq(videoTasks.id, Number(saved.id)));
    await waitUntil(() => call.outcome === 'aborted', 3000, 'the render to stop');
    const row = await taskRow(ctx, saved.id);
    expect([row.status, row.leaseOwner]).toEqual(['processing', 'someone-else']);
    expect(existsSync(onDisk((await outputKeysOf(ctx, saved.id)).video))).toBe(false);
  });

  it('on stop, aborts the render and puts the task back in the queue without counting the attempt', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const slow = new TestProvider({ steps: 100, stepMs: 50 });
    const pool = start(slow);
    const call = await slow.started(saved.id);
    await pool.stop();
    expect(call.outcome).toBe('aborted');
    const row = await taskRow(ctx, saved.id);
    expect([row.status, row.attempts, row.leaseOwner, row.startedAt, row.progress]).toEqual(['queued', 0, null, null, 0]);

    const fast = new TestProvider();
    start(fast);
    await waitForStatus(ctx, saved.id, 'succeeded');
    expect((await taskRow(ctx, saved.id)).attempts).toBe(1);
    expect((await userState(ctx.db(), user.id)).points).toBe(5);
  });

  it('keeps the ledger equal to the balances after all of the above', async () => {
    await expectLedgerMatchesBalances(ctx.db());
  });
});
