import type { PointsRecord } from '@app/contract';
import { changePoints } from '../../../../../src/modules/points/ledger.js';
import { makeCode } from '../../../../helpers/codes.js';
import { describeEngines } from '../../../../helpers/engines.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../../../helpers/users.js';

const URL = '/api/v1/credit_consumption/list';

describeEngines('POST /api/v1/credit_consumption/list', (ctx) => {
  /** register +10, redeem +25, generate −15 (task 42), refund +15 (task 42). */
  async function userWithHistory() {
    const signedIn = await signedInUser(ctx.db(), { points: 10 });
    const redeemed = await ctx.post('/api/v1/activationCode/activate', { token: signedIn.token, code: await makeCode(ctx.db(), { points: 25 }) });
    expect(redeemed.body.rspCode).toBe(0);
    await ctx.db().transaction((tx) => changePoints(tx, { userId: signedIn.user.id, change: -15, type: 'generate', title: '生成视频', taskId: '42' }));
    await ctx.db().transaction((tx) => changePoints(tx, { userId: signedIn.user.id, change: 15, type: 'refund', title: '生成失败退回', taskId: '42' }));
    return signedIn;
  }

  it('lists every change newest first, with the balance after it', async () => {
    const { token } = await userWithHistory();
    const { body } = await ctx.post(URL, { token });
    expect(body).toMatchObject({ rspCode: 0, rspMsg: '成功', data: { total: 4, page: 1, pageSize: 10, hasMore: false } });
    const list = body.data.list as PointsRecord[];
    expect(list.map(({ change, balance, type, title, taskId }) => ({ change, balance, type, title, taskId }))).toEqual([
      { change: 15, balance: 35, type: 'refund', title: '生成失败退回', taskId: '42' },
      { change: -15, balance: 20, type: 'generate', title: '生成视频', taskId: '42' },
      { change: 25, balance: 35, type: 'redeem', title: '兑换激活码', taskId: '' },
      { change: 10, balance: 10, type: 'register', title: '注册赠送', taskId: '' },
    ]);
    for (const record of list) {
      expect(record.id).toMatch(/^\d+$/);
      expect(record.createdAt).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(new Set(list.map((r) => r.id)).size).toBe(4);
  });

  it('adds up to the balance (createNum)', async () => {
    const { user, token } = await userWithHistory();
    const { body } = await ctx.post(URL, { token, pageSize: 50 });
    const sum = (body.data.list as PointsRecord[]).reduce((total, r) => total + r.change, 0);
    expect(sum).toBe(35);
    expect((await userState(ctx.db(), user.id)).points).toBe(35);
    await expectLedgerMatchesBalances(ctx.db());
  });

  it('pages', async () => {
    const { token } = await userWithHistory();
    const first = await ctx.post(URL, { token, pageSize: 3 });
    expect(first.body.data).toMatchObject({ total: 4, page: 1, pageSize: 3, hasMore: true });
    expect(first.body.data.list).toHaveLength(3);
    const second = await ctx.post(URL, { token, page: 2, pageSize: 3 });
    expect(second.body.data).toMatchObject({ total: 4, page: 2, pageSize: 3, hasMore: false });
    expect(second.body.data.list).toEqual([expect.objectContaining({ type: 'register', change: 10 })]);
  });

  it("shows only the caller's own records; a user with none gets an empty page", async () => {
    await userWithHistory();
    const { token } = await signedInUser(ctx.db());
    expect((await ctx.post(URL, { token })).body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 10, hasMore: false });
  });

  it('answers rspCode 6 without a valid token', async () => {
    expect((await ctx.post(URL, { page: 1 })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
    expect((await ctx.post(URL, { token: 'x' })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
  });

  it.each([
    [{ page: 0 }, '页码不能小于 1'],
    [{ page: 'abc' }, '页码格式不正确'],
    [{ page: "1; DELETE FROM points_ledger" }, '页码格式不正确'],
    [{ pageSize: 1000 }, '每页条数不能大于 50'],
    [{ pageSize: [10] }, '每页条数格式不正确'],
  ])('answers rspCode 2 for %j and deletes nothing', async (body, rspMsg) => {
    const { token } = await userWithHistory();
    expect((await ctx.post(URL, { token, ...body })).body).toEqual({ rspCode: 2, rspMsg });
    expect((await ctx.post(URL, { token })).body.data.total).toBe(4);
  });
});
