import { eq } from 'drizzle-orm';
import { sessions } from '../../../../../src/db/schema.js';
import { hashToken } from '../../../../../src/modules/sessions/tokens.js';
import { describeEngines } from '../../../../helpers/engines.js';
import { ACCOUNT_INFO, failure, LOGIN, LOGOUT, PASSWORD, SIGNED_IN_CALLS, signUp } from './account-calls.js';

describeEngines('POST /api/v1/account/logout', (ctx) => {
  it('answers {} and revokes the token: every signed-in call then answers rspCode 6', async () => {
    const info = await signUp(ctx);
    expect(await ctx.post(LOGOUT, { token: info.token })).toMatchObject({ status: 200, body: { rspCode: 0, rspMsg: '成功', data: {} } });

    for (const url of SIGNED_IN_CALLS) {
      expect(await ctx.post(url, { token: info.token })).toMatchObject(failure(6, '请先登录'));
      expect(await ctx.post(url, {}, { authorization: `Bearer ${info.token}` })).toMatchObject(failure(6, '请先登录'));
    }
    const [row] = await ctx.db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(info.token)));
    expect(row!.revokedAt).toBeInstanceOf(Date);
  });

  it('revokes only that token: the same account signed in elsewhere stays signed in', async () => {
    const first = await signUp(ctx);
    const second = (await ctx.post(LOGIN, { phone: first.phone, password: PASSWORD })).body.data;
    expect((await ctx.post(LOGOUT, { token: first.token })).body.rspCode).toBe(0);
    expect((await ctx.post(ACCOUNT_INFO, { token: second.token })).body).toEqual({ rspCode: 0, rspMsg: '成功', data: { ...second, welcomePoints: undefined, mustChangePassword: undefined } });
  });

  it('revokes the token given as Authorization: Bearer', async () => {
    const info = await signUp(ctx);
    expect((await ctx.post(LOGOUT, {}, { authorization: `Bearer ${info.token}` })).body.rspCode).toBe(0);
    expect(await ctx.post(ACCOUNT_INFO, { token: info.token })).toMatchObject(failure(6, '请先登录'));
  });

  it('answers rspCode 6 when signed out already, or without a token', async () => {
    const info = await signUp(ctx);
    await ctx.post(LOGOUT, { token: info.token });
    expect(await ctx.post(LOGOUT, { token: info.token })).toMatchObject(failure(6, '请先登录'));
    expect(await ctx.post(LOGOUT, {})).toMatchObject(failure(6, '请先登录'));
  });

  it('lets the user sign in again afterwards', async () => {
    const info = await signUp(ctx);
    await ctx.post(LOGOUT, { token: info.token });
    const again = await ctx.post(LOGIN, { phone: info.phone, password: PASSWORD });
    expect(again.body.data).toEqual({ ...info, token: expect.any(String), welcomePoints: 0, mustChangePassword: false });
    expect((await ctx.post(ACCOUNT_INFO, { token: again.body.data.token })).body.rspCode).toBe(0);
  });
});
