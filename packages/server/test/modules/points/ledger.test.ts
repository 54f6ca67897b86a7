import { eq } from 'drizzle-orm';
import { pointsLedger } from '../../../src/db/schema.js';
import { BusinessError } from '../../../src/lib/errors.js';
import { changePoints, type PointsChange } from '../../../src/modules/points/ledger.js';
import { describeEngines } from '../../helpers/engines.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../helpers/users.js';

describeEngines('changePoints (the ledger)', (ctx) => {
  const change = (c: PointsChange) => ctx.db().transaction((tx) => changePoints(tx, c));
  const ledgerOf = (userId: number) => ctx.db().select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(pointsLedger.id);

  it('writes the balance and a record carrying the balance after it', async () => {
    const { user } = await signedInUser(ctx.db());
    expect(await change({ userId: user.id, change: 30, type: 'admin', title: '活动奖励' })).toEqual({ balance: 30 });
    expect(await change({ userId: user.id, change: -12, type: 'generate', title: '生成视频', taskId: '7' })).toEqual({ balance: 18 });
    expect((await ledgerOf(user.id)).map((r) => [r.change, r.balance, r.type, r.title, r.taskId])).toEqual([
      [30, 30, 'admin', '活动奖励', null],
      [-12, 18, 'generate', '生成视频', '7'],
    ]);
    expect((await userState(ctx.db(), user.id)).points).toBe(18);
  });

  it('refuses a spend beyond the balance with rspCode 3 积分不足, changing nothing', async () => {
    const { user } = await signedInUser(ctx.db(), { points: 5 });
    const attempt = change({ userId: user.id, change: -6, type: 'generate', title: '生成视频' });
    await expect(attempt).rejects.toBeInstanceOf(BusinessError);
    await expect(attempt).rejects.toMatchObject({ rspCode: 3, rspMsg: '积分不足' });
    expect((await userState(ctx.db(), user.id)).points).toBe(5);
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await change({ userId: user.id, change: -5, type: 'generate', title: '生成视频' })).toEqual({ balance: 0 });
  });

  it('rolls back with the rest of the caller’s transaction', async () => {
    const { user } = await signedInUser(ctx.db(), { points: 5 });
    await expect(
      ctx.db().transaction(async (tx) => {
        await changePoints(tx, { userId: user.id, change: 100, type: 'admin', title: '奖励' });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect((await userState(ctx.db(), user.id)).points).toBe(5);
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('never goes below 0 when spends race: 20 concurrent spends of 3 from 10 points, 3 succeed', async () => {
    const { user } = await signedInUser(ctx.db(), { points: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => change({ userId: user.id, change: -3, type: 'generate', title: '生成视频' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as BusinessError).rspCode)).toEqual(Array(17).fill(3));
    expect((await userState(ctx.db(), user.id)).points).toBe(1);
    expect((await ledgerOf(user.id)).map((r) => r.balance).sort((a, b) => b - a)).toEqual([10, 7, 4, 1]);
    await expectLedgerMatchesBalances(ctx.db());
  });

  it('is an error (not a business answer) for a user that does not exist', async () => {
    const attempt = change({ userId: 987654321, change: 1, type: 'admin', title: 'x' });
    await expect(attempt).rejects.toThrow('changePoints: no user 987654321');
    await expect(attempt).rejects.not.toBeInstanceOf(BusinessError);
  });
});
