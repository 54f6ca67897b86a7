import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../../../../../src/db/schema.js';
import { hashToken } from '../../../../../src/modules/sessions/tokens.js';
import { describeEngines, type EngineContext } from '../../../../helpers/engines.js';
import { ACCOUNT_INFO, failure, signUp } from './account-calls.js';

const DAY = 24 * 3600 * 1000;

async function sessionOf(ctx: EngineContext, token: string) {
  const [row] = await ctx.db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  return row!;
}

async function setSession(ctx: EngineContext, token: string, values: { lastUsedAt?: Date; expiresAt?: Date }) {
  await ctx.db().update(sessions).set(values).where(eq(sessions.tokenHash, hashToken(token)));
}

describeEngines('POST /api/v1/account/getAccountInfo', (ctx) => {
  it('answers the UserInfo of the token, token included', async () => {
    const info = await signUp(ctx);
    const res = await ctx.post(ACCOUNT_INFO, { token: info.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rspCode: 0, rspMsg: '成功', data: info });
  });

  it('answers the current balance and membership', async () => {
    const info = await signUp(ctx);
    const memberUntil = new Date('2031-02-03T04:05:06.789Z');
    await ctx.db().update(users).set({ points: sql`${users.points} + 7`, memberUntil }).where(eq(users.id, Number(info.id)));
    const res = await ctx.post(ACCOUNT_INFO, { token: info.token });
    expect(res.body.data).toEqual({ ...info, createNum: 17, expireTime: memberUntil.getTime() });
  });

  it('takes the token from Authorization: Bearer when the body has none', async () => {
    const info = await signUp(ctx);
    for (const header of [`Bearer ${info.token}`, `bearer ${info.token}`]) {
      const res = await ctx.post(ACCOUNT_INFO, {}, { authorization: header });
      expect(res.body).toEqual({ rspCode: 0, rspMsg: '成功', data: info });
    }
  });

  it.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['an unknown token', { token: 'x'.repeat(43) }],
    ['a SQL-looking token', { token: "' OR 1=1 --" }],
    ['a token with a control character', { token: '\u0007' }],
  ])('answers rspCode 6 for %s', async (_, body) => {
    expect(await ctx.post(ACCOUNT_INFO, body)).toMatchObject(failure(6, '请先登录'));
  });

  it('answers rspCode 6 for a token that is the hash stored, not the token', async () => {
    const info = await signUp(ctx);
    expect(await ctx.post(ACCOUNT_INFO, { token: hashToken(info.token) })).toMatchObject(failure(6, '请先登录'));
  });

  it.each([
    [{ token: 12345 }, '登录令牌格式不正确'],
    [{ token: ['a'] }, '登录令牌格式不正确'],
    [{ token: null }, '登录令牌格式不正确'],
    [{ token: 'x'.repeat(100 * 1024) }, '登录令牌不能超过 200 个字'],
  ])('answers rspCode 2 for the token %#', async (body, rspMsg) => {
    expect(await ctx.post(ACCOUNT_INFO, body)).toMatchObject(failure(2, rspMsg));
  });

  describe('30 days from the last use', () => {
    it('refuses a token whose 30 days have run out', async () => {
      const info = await signUp(ctx);
      await setSession(ctx, info.token, { lastUsedAt: new Date(Date.now() - 30 * DAY - 1000), expiresAt: new Date(Date.now() - 1000) });
      expect(await ctx.post(ACCOUNT_INFO, { token: info.token })).toMatchObject(failure(6, '请先登录'));
    });

    it('issues tokens valid for 30 days', async () => {
      const before = Date.now();
      const info = await signUp(ctx);
      const row = await sessionOf(ctx, info.token);
      expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
      expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
    });

    it('moves the expiry to 30 days after a use on day 29', async () => {
      const info = await signUp(ctx);
      await setSession(ctx, info.token, { lastUsedAt: new Date(Date.now() - 29 * DAY), expiresAt: new Date(Date.now() + DAY) });
      expect((await ctx.post(ACCOUNT_INFO, { token: info.token })).body.rspCode).toBe(0);
      const row = await sessionOf(ctx, info.token);
      expect(Math.abs(row.expiresAt.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(10_000);
      expect(Math.abs(row.lastUsedAt.getTime() - Date.now())).toBeLessThan(10_000);
    });

    it('does not write on every call: a token used within the hour keeps its expiry', async () => {
      const info = await signUp(ctx);
      const expiresAt = new Date(Date.now() + 20 * DAY);
      await setSession(ctx, info.token, { lastUsedAt: new Date(Date.now() - 10 * 60 * 1000), expiresAt });
      expect((await ctx.post(ACCOUNT_INFO, { token: info.token })).body.rspCode).toBe(0);
      expect((await sessionOf(ctx, info.token)).expiresAt.getTime()).toBe(expiresAt.getTime());
    });
  });
});
