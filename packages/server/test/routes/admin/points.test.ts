import { eq } from 'drizzle-orm';
import { pointsLedger } from '../../../src/db/schema.js';
import { describeEngines, uniquePhone } from '../../helpers/engines.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../helpers/users.js';

const ADMIN_TOKEN = 'admin-token-for-the-points-tests';

describeEngines(
  'admin API: points',
  (ctx) => {
    const grant = (body: Record<string, unknown>) => ctx.post('/admin/api/points/grant', body, { authorization: `Bearer ${ADMIN_TOKEN}` });
    const ledgerOf = (userId: number) => ctx.db().select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(pointsLedger.id);

    it('grants points by phone as an admin record titled with the reason', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 10 });
      const res = await grant({ phone: user.phone, change: 50, reason: ' 活动奖励 ' });
      expect(res.body).toEqual({ rspCode: 0, rspMsg: '成功', data: { userId: String(user.id), phone: user.phone, change: 50, balance: 60 } });
      expect((await ledgerOf(user.id)).at(-1)).toMatchObject({ type: 'admin', change: 50, balance: 60, title: '活动奖励', taskId: null });

      const records = await ctx.post('/api/v1/credit_consumption/list', { token });
      expect(records.body.data.list[0]).toMatchObject({ type: 'admin', change: 50, balance: 60, title: '活动奖励', taskId: '' });
    });

    it('takes points back with a negative change, down to 0 but never below (rspCode 3)', async () => {
      const { user } = await signedInUser(ctx.db(), { points: 20 });
      expect((await grant({ phone: user.phone, change: -15, reason: '误发收回' })).body.data).toMatchObject({ change: -15, balance: 5 });
      expect((await grant({ phone: user.phone, change: -6, reason: '误发收回' })).body).toEqual({ rspCode: 3, rspMsg: '积分不足' });
      expect((await userState(ctx.db(), user.id)).points).toBe(5);
      expect(await ledgerOf(user.id)).toHaveLength(2);
      expect((await grant({ phone: user.phone, change: -5, reason: '清零' })).body.data.balance).toBe(0);
      await expectLedgerMatchesBalances(ctx.db());
    });

    it('answers rspCode 4 用户不存在 for a phone with no account', async () => {
      expect((await grant({ phone: uniquePhone(), change: 5, reason: '奖励' })).body).toEqual({ rspCode: 4, rspMsg: '用户不存在' });
    });

    it.each([
      [{ change: 5, reason: '奖励' }, '手机号不能为空'],
      [{ phone: '12345678901', change: 5, reason: '奖励' }, '手机号格式不正确'],
      [{ phone: 13800138000, change: 5, reason: '奖励' }, '手机号格式不正确'],
      [{ phone: "13800138000' OR '1'='1", change: 5, reason: '奖励' }, '手机号格式不正确'],
      [{ phone: '13800138000', reason: '奖励' }, '积分不能为空'],
      [{ phone: '13800138000', change: '5', reason: '奖励' }, '积分格式不正确'],
      [{ phone: '13800138000', change: 0.5, reason: '奖励' }, '积分格式不正确'],
      [{ phone: '13800138000', change: 1_000_001, reason: '奖励' }, '积分不能大于 1000000'],
      [{ phone: '13800138000', change: -1_000_001, reason: '奖励' }, '积分不能小于 -1000000'],
      [{ phone: '13800138000', change: 0, reason: '奖励' }, '积分变动不能为 0'],
      [{ phone: '13800138000', change: 5 }, '原因不能为空'],
      [{ phone: '13800138000', change: 5, reason: '  ' }, '原因不能为空'],
      [{ phone: '13800138000', change: 5, reason: '奖\u0000励' }, '原因不能包含控制字符'],
      [{ phone: '13800138000', change: 5, reason: '长'.repeat(31) }, '原因不能超过 30 个字'],
    ])('answers rspCode 2 for %j', async (body, rspMsg) => {
      expect((await grant(body)).body).toEqual({ rspCode: 2, rspMsg });
    });
  },
  { ADMIN_TOKEN },
);
