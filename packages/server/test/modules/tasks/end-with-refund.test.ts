import { eq, sql } from 'drizzle-orm';
import { videoTasks } from '../../../src/db/schema.js';
import { claimNextTask } from '../../../src/modules/queue/claim.js';
import { endWithRefund } from '../../../src/modules/tasks/end-with-refund.js';
import { failTask } from '../../../src/modules/tasks/fail-task.js';
import { describeTaskEngines } from '../../helpers/task-engines.js';
import { ledgerOfTask, saveOk, taskRow } from '../../helpers/tasks.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../helpers/users.js';

describeTaskEngines('ending a task with its refund', (ctx) => {
  beforeEach(async () => {
    // The claims below must find this test's task first: empty the queue.
    await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing')`);
  });
  const cancel = (id: string) => ctx.db().transaction((tx) => endWithRefund(tx, eq(videoTasks.id, Number(id)), { status: 'cancelled' }));

  it('refunds once when a cancel and a worker\'s failure race', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const claimed = await claimNextTask(ctx.db(), { owner: 'w', leaseMs: 30_000, maxAttempts: 3 });
    expect(claimed?.id).toBe(Number(saved.id));

    const [cancelled, failed] = await Promise.all([cancel(saved.id), failTask(ctx.db(), { id: claimed!.id, owner: 'w' }, '失败')]);
    // Exactly one of the two ended it.
    expect([cancelled.length === 1, failed]).toContainEqual(true);
    expect(cancelled.length === 1 && failed).toBe(false);
    expect((await ledgerOfTask(ctx, saved.id)).filter((r) => r.type === 'refund')).toHaveLength(1);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('ends nothing that has ended already, and refunds nothing for it', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    expect(await cancel(saved.id)).toHaveLength(1);
    expect(await cancel(saved.id)).toEqual([]);
    await ctx.db().update(videoTasks).set({ status: 'queued' }).where(eq(videoTasks.id, Number(saved.id)));
    // Even put back to queued by hand, `refunded` stands guard.
    expect(await cancel(saved.id)).toEqual([]);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('writes the reason of a failure, and clears the lease', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const claimed = await claimNextTask(ctx.db(), { owner: 'w', leaseMs: 30_000, maxAttempts: 3 });
    expect(await failTask(ctx.db(), { id: claimed!.id, owner: 'someone-else' }, '失败')).toBe(false);
    expect(await failTask(ctx.db(), { id: claimed!.id, owner: 'w' }, '字幕生成失败')).toBe(true);
    const row = await taskRow(ctx, saved.id);
    expect([row.status, row.errorMsg, row.leaseOwner, row.leaseExpiresAt, row.refunded]).toEqual(['failed', '字幕生成失败', null, null, true]);
  });

  it('keeps the ledger equal to the balances', async () => {
    await expectLedgerMatchesBalances(ctx.db());
  });
});
