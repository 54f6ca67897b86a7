import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { videoTasks } from '../../../../../src/db/schema.js';
import type { WorkerPool } from '../../../../../src/workers/worker-pool.js';
import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { TestProvider } from '../../../../helpers/test-provider.js';
import { callOk, ledgerOfTask, outputKeysOf, saveOk, taskRow, TASK_API, testWorkers, waitForStatus } from '../../../../helpers/tasks.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../../../helpers/users.js';

const CANCEL = `${TASK_API}/cancel`;

describeTaskEngines('POST /api/v1/video_task/cancel', (ctx) => {
  const pools: WorkerPool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.stop()));
    await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing')`);
  });

  it('cancels a queued task and refunds it', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const res = await ctx.post(CANCEL, { token, id: saved.id });
    expect(res.body).toMatchObject({ rspCode: 0, rspMsg: '成功', data: { id: saved.id, status: 'cancelled', queuePosition: 0, errorMsg: '', videoUrl: '' } });
    expect(res.body.data.finishedAt).toBeGreaterThan(0);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => [r.type, r.change, r.balance, r.title])).toEqual([
      ['generate', -5, 5, '生成视频「春日出游」'],
      ['refund', 5, 10, '取消生成退还「春日出游」'],
    ]);
  });

  it('refunds once when cancelled twice: the second answers rspCode 5', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    expect((await ctx.post(CANCEL, { token, id: saved.id })).body.rspCode).toBe(0);
    expect((await ctx.post(CANCEL, { token, id: saved.id })).body).toEqual({ rspCode: 5, rspMsg: '视频已结束，无法取消' });
    expect((await ledgerOfTask(ctx, saved.id)).filter((r) => r.type === 'refund')).toHaveLength(1);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('refunds once when many cancels race', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const answers = await Promise.all(Array.from({ length: 6 }, () => ctx.post(CANCEL, { token, id: saved.id })));
    expect(answers.map((a) => a.body.rspCode).sort()).toEqual([0, 5, 5, 5, 5, 5]);
    expect((await ledgerOfTask(ctx, saved.id)).filter((r) => r.type === 'refund')).toHaveLength(1);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('stops a running render at once, stores nothing, and refunds once', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    // A render that would take hours, under a lease renewed only every 20 minutes: only the
    // cancel's own signal to the worker can end it within the test's time.
    const provider = new TestProvider({ steps: 2, stepMs: 3_600_000 });
    pools.push(testWorkers(ctx, provider, { leaseMs: 3_600_000 }));
    const call = await provider.started(saved.id);
    await waitForStatus(ctx, saved.id, 'processing');

    const res = await ctx.post(CANCEL, { token, id: saved.id });
    expect(res.body.data).toMatchObject({ status: 'cancelled' });
    await new Promise<void>((resolve) => (call.outcome ? resolve() : provider.once('end', () => resolve())));
    expect(call.outcome).toBe('aborted');

    // The worker leaves the task as the cancel left it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const row = await taskRow(ctx, saved.id);
    expect([row.status, row.refunded, row.leaseOwner]).toEqual(['cancelled', true, null]);
    expect(existsSync(path.join(ctx.app().config.dataDir, 'files', (await outputKeysOf(ctx, saved.id)).video))).toBe(false);
    expect((await ledgerOfTask(ctx, saved.id)).filter((r) => r.type === 'refund')).toHaveLength(1);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it.each(['succeeded', 'failed'])('answers rspCode 5 for a %s task, refunding nothing', async (status) => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const provider = new TestProvider(status === 'failed' ? { failWith: new Error('boom') } : {});
    pools.push(testWorkers(ctx, provider));
    await waitForStatus(ctx, saved.id, status);
    const points = (await userState(ctx.db(), user.id)).points;
    expect((await ctx.post(CANCEL, { token, id: saved.id })).body).toEqual({ rspCode: 5, rspMsg: '视频已结束，无法取消' });
    expect((await userState(ctx.db(), user.id)).points).toBe(points);
    expect((await callOk(ctx, 'detail', { token, id: saved.id })).status).toBe(status);
  });

  it('keeps the ledger equal to the balances', async () => {
    await expectLedgerMatchesBalances(ctx.db());
  });
});
