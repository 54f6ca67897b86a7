import { eq, sql } from 'drizzle-orm';
import { videoTasks } from '../../../src/db/schema.js';
import { claimNextTask, failExhaustedTasks, type Lease } from '../../../src/modules/queue/claim.js';
import { releaseTask, renewLease, reportProgress } from '../../../src/modules/queue/lease.js';
import { describeTaskEngines } from '../../helpers/task-engines.js';
import { ledgerOfTask, saveOk, taskRow } from '../../helpers/tasks.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../helpers/users.js';

const DAY = 24 * 3600 * 1000;
const lease = (owner: string, overrides: Partial<Lease> = {}): Lease => ({ owner, leaseMs: 30_000, maxAttempts: 3, ...overrides });

describeTaskEngines('the queue in the database', (ctx) => {
  beforeEach(async () => {
    // Each test reads the whole queue: start from an empty one.
    await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing')`);
  });
  /** Makes a dead worker's lease run out now. */
  const expireLease = (id: number) => ctx.db().update(videoTasks).set({ leaseExpiresAt: new Date(Date.now() - 1000) }).where(eq(videoTasks.id, id));

  it('claims members\' tasks first, then the oldest; an empty queue answers null', async () => {
    const member = await signedInUser(ctx.db(), { points: 50, memberUntil: new Date(Date.now() + DAY) });
    const plain = await signedInUser(ctx.db(), { points: 50 });
    const p1 = await saveOk(ctx, plain.token);
    const m1 = await saveOk(ctx, member.token);
    const p2 = await saveOk(ctx, plain.token);
    const claimed = [];
    for (let i = 0; i < 4; i++) claimed.push((await claimNextTask(ctx.db(), lease('w')))?.id ?? null);
    expect(claimed).toEqual([Number(m1.id), Number(p1.id), Number(p2.id), null]);
  });

  it('marks the claim: processing, owner, lease end, attempt, start time', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const before = Date.now();
    const task = await claimNextTask(ctx.db(), lease('worker-1', { leaseMs: 20_000 }));
    expect(task).toMatchObject({ id: Number(saved.id), status: 'processing', leaseOwner: 'worker-1', attempts: 1, progress: 0 });
    expect(task!.leaseExpiresAt!.getTime()).toBeGreaterThan(before + 15_000);
    expect(task!.leaseExpiresAt!.getTime()).toBeLessThan(Date.now() + 25_000);
    expect(task!.startedAt).toBeInstanceOf(Date);
  });

  it('gives concurrent claims different tasks (SKIP LOCKED), each task once', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const saved = await Promise.all(Array.from({ length: 6 }, () => saveOk(ctx, token)));
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => claimNextTask(ctx.db(), lease(`w${i}`))));
    const ids = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(ids.sort()).toEqual(saved.map((t) => Number(t.id)).sort());
    expect(claims.filter((c) => c === null)).toHaveLength(4);
  });

  it('does not take a processing task whose lease is running', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    await saveOk(ctx, token);
    expect(await claimNextTask(ctx.db(), lease('alive'))).not.toBeNull();
    expect(await claimNextTask(ctx.db(), lease('other'))).toBeNull();
  });

  it('takes again a task whose worker died (lease ran out), counting the attempt', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const first = await claimNextTask(ctx.db(), lease('dead'));
    await reportProgress(ctx.db(), first!.id, 'dead', 40);
    await expireLease(first!.id);

    const second = await claimNextTask(ctx.db(), lease('alive'));
    expect(second).toMatchObject({ id: Number(saved.id), leaseOwner: 'alive', attempts: 2, progress: 0 });
    // The dead worker, were it only slow, has lost the task: its writes no longer land.
    expect(await renewLease(ctx.db(), first!.id, 'dead', 30_000)).toBe(false);
    expect(await reportProgress(ctx.db(), first!.id, 'dead', 90)).toBe(false);
    expect(await releaseTask(ctx.db(), first!.id, 'dead')).toBe(false);
    expect((await taskRow(ctx, saved.id)).leaseOwner).toBe('alive');
  });

  it('fails with its refund, once, a task whose workers died MAX_ATTEMPTS times', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const task = await claimNextTask(ctx.db(), lease(`dies-${attempt}`));
      expect(task).toMatchObject({ id: Number(saved.id), attempts: attempt });
      await expireLease(task!.id);
    }
    // Out of attempts: no longer claimable, and failed by the next sweep.
    expect(await claimNextTask(ctx.db(), lease('next'))).toBeNull();
    const swept = await Promise.all([failExhaustedTasks(ctx.db(), 3), failExhaustedTasks(ctx.db(), 3)]);
    expect(swept.flat().map((t) => t.id)).toEqual([Number(saved.id)]);
    expect(await failExhaustedTasks(ctx.db(), 3)).toEqual([]);

    const row = await taskRow(ctx, saved.id);
    expect([row.status, row.errorMsg, row.refunded, row.leaseOwner]).toEqual(['failed', '视频生成失败，积分已退还', true, null]);
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => [r.type, r.change, r.title])).toEqual([
      ['generate', -5, '生成视频「春日出游」'],
      ['refund', 5, '生成失败退还「春日出游」'],
    ]);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('leaves alone a task on its last attempt while its lease runs', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const task = await claimNextTask(ctx.db(), lease('w'));
      if (attempt < 3) await expireLease(task!.id);
    }
    expect(await failExhaustedTasks(ctx.db(), 3)).toEqual([]);
    expect((await taskRow(ctx, saved.id)).status).toBe('processing');
  });

  it('puts a released task back in the queue without counting the attempt', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const task = await claimNextTask(ctx.db(), lease('stopping'));
    expect(await releaseTask(ctx.db(), task!.id, 'stopping')).toBe(true);
    const row = await taskRow(ctx, saved.id);
    expect([row.status, row.attempts, row.leaseOwner, row.leaseExpiresAt, row.startedAt]).toEqual(['queued', 0, null, null, null]);
    expect((await claimNextTask(ctx.db(), lease('next')))?.id).toBe(Number(saved.id));
  });

  it('renews a held lease', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    await saveOk(ctx, token);
    const task = await claimNextTask(ctx.db(), lease('w', { leaseMs: 1000 }));
    expect(await renewLease(ctx.db(), task!.id, 'w', 60_000)).toBe(true);
    const row = await taskRow(ctx, String(task!.id));
    expect(row.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('keeps the ledger equal to the balances', async () => {
    await expectLedgerMatchesBalances(ctx.db());
  });
});
