import { eq, sql } from 'drizzle-orm';
import { videoTasks } from '../../../../../src/db/schema.js';
import type { WorkerPool } from '../../../../../src/workers/worker-pool.js';
import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { TestProvider } from '../../../../helpers/test-provider.js';
import { callOk, saveOk, testWorkers, waitForStatus } from '../../../../helpers/tasks.js';
import { signedInUser } from '../../../../helpers/users.js';

const DAY = 24 * 3600 * 1000;

describeTaskEngines('POST /api/v1/video_task/get_queue_position', (ctx) => {
  const pools: WorkerPool[] = [];
  beforeEach(async () => {
    // Each test reads the whole queue: start from an empty one, with no render history.
    await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing', 'succeeded')`);
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.stop()));
  });
  const position = (token: string, id: string) => callOk(ctx, 'get_queue_position', { token, id });

  it('places members first, then the oldest, and counts everyone\'s queued tasks', async () => {
    const member = await signedInUser(ctx.db(), { points: 100, memberUntil: new Date(Date.now() + DAY) });
    const plain = await signedInUser(ctx.db(), { points: 100 });
    const p1 = await saveOk(ctx, plain.token);
    const p2 = await saveOk(ctx, plain.token);
    const m1 = await saveOk(ctx, member.token);
    const p3 = await saveOk(ctx, plain.token);
    const m2 = await saveOk(ctx, member.token);

    const expected: [typeof p1, string, number][] = [[m1, member.token, 1], [m2, member.token, 2], [p1, plain.token, 3], [p2, plain.token, 4], [p3, plain.token, 5]];
    for (const [task, token, place] of expected) {
      expect(await position(token, task.id)).toMatchObject({ status: 'queued', position: place, total: 5 });
      expect((await callOk(ctx, 'detail', { token, id: task.id })).queuePosition).toBe(place);
    }

    // Leaving the queue moves the ones behind up.
    await callOk(ctx, 'cancel', { token: member.token, id: m1.id });
    expect(await position(plain.token, p3.id)).toMatchObject({ position: 4, total: 4 });
    expect(await position(member.token, m1.id)).toEqual({ status: 'cancelled', position: 0, total: 4, estimatedWaitSeconds: 0 });
  });

  it('orders tasks saved in the same instant by id', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const a = await saveOk(ctx, token);
    const b = await saveOk(ctx, token);
    await ctx.db().update(videoTasks).set({ createdAt: new Date('2030-01-01T00:00:00Z') }).where(sql`${videoTasks.id} IN (${Number(a.id)}, ${Number(b.id)})`);
    expect((await position(token, a.id)).position).toBe(1);
    expect((await position(token, b.id)).position).toBe(2);
  });

  it('estimates the wait from the video length before any render finished (1.5 s per video second)', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const first = await saveOk(ctx, token, { duration: 10 });
    const second = await saveOk(ctx, token, { duration: 10 });
    expect(await position(token, first.id)).toMatchObject({ position: 1, estimatedWaitSeconds: 0 });
    // One task ahead × 15 s, shared by max(1, WORKERS=0) worker.
    expect(await position(token, second.id)).toMatchObject({ position: 2, estimatedWaitSeconds: 15 });
  });

  it('estimates the wait from recent render times, counting the renders running now', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const done = await saveOk(ctx, token);
    pools.push(testWorkers(ctx, new TestProvider({ steps: 1 })));
    await waitForStatus(ctx, done.id, 'succeeded');
    await Promise.all(pools.splice(0).map((pool) => pool.stop()));
    // That render "took" 40 s.
    await ctx.db().execute(sql`UPDATE video_tasks SET started_at = finished_at - interval '40 seconds' WHERE id = ${Number(done.id)}`);

    const running = await saveOk(ctx, token);
    await ctx.db().update(videoTasks).set({ status: 'processing', leaseOwner: 'w', leaseExpiresAt: new Date(Date.now() + 60_000) }).where(eq(videoTasks.id, Number(running.id)));
    const a = await saveOk(ctx, token);
    const b = await saveOk(ctx, token);
    expect(await position(token, a.id)).toMatchObject({ position: 1, total: 2, estimatedWaitSeconds: 40 });
    expect(await position(token, b.id)).toMatchObject({ position: 2, total: 2, estimatedWaitSeconds: 80 });
    expect(await position(token, running.id)).toEqual({ status: 'processing', position: 0, total: 2, estimatedWaitSeconds: 0 });
  });
});
