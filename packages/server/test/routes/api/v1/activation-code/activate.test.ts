import { and, eq } from 'drizzle-orm';
import { activationCodes, pointsLedger } from '../../../../../src/db/schema.js';
import { makeCode } from '../../../../helpers/codes.js';
import { describeEngines } from '../../../../helpers/engines.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../../../helpers/users.js';

const URL = '/api/v1/activationCode/activate';
const DAY = 24 * 3600 * 1000;

describeEngines('POST /api/v1/activationCode/activate', (ctx) => {
  const activate = (token: string, code: unknown) => ctx.post(URL, { token, code });

  it('grants the points, writes a redeem record and marks the code', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const code = await makeCode(ctx.db(), { points: 50, days: 0 });

    const res = await activate(token, code);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rspCode: 0, rspMsg: '成功', data: { points: 50, days: 0, createNum: 60, expireTime: 0 } });
    const ledger = await ctx.db().select().from(pointsLedger).where(eq(pointsLedger.userId, user.id)).orderBy(pointsLedger.id);
    expect(ledger.map((r) => [r.type, r.change, r.balance, r.title, r.taskId])).toEqual([
      ['register', 10, 10, '注册赠送', null],
      ['redeem', 50, 60, '兑换激活码', null],
    ]);
    const [row] = await ctx.db().select().from(activationCodes).where(eq(activationCodes.code, code));
    expect(row?.redeemedBy).toBe(user.id);
    expect(row?.redeemedAt).toBeInstanceOf(Date);
  });

  it('takes the code in any case, with spaces, dashes or full-width characters', async () => {
    const { token } = await signedInUser(ctx.db());
    const typed = async (shape: (code: string) => string) => (await activate(token, shape(await makeCode(ctx.db(), { points: 1 })))).body.rspCode;
    expect(await typed((c) => c.toLowerCase())).toBe(0);
    expect(await typed((c) => c.match(/.{4}/g)!.join('-'))).toBe(0);
    expect(await typed((c) => `  ${c.match(/.{4}/g)!.join(' ').toLowerCase()} `)).toBe(0);
    expect(await typed((c) => c.slice(0, 8) + '\u3000－' + [...c.slice(8)].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join(''))).toBe(0);
    expect(await typed((c) => c.slice(0, 8) + ' - - ' + c.slice(8))).toBe(0);
  });

  it('answers rspCode 4 激活码无效 for an unknown or impossible code, and changes nothing', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 5 });
    const code = await makeCode(ctx.db());
    for (const attempt of [
      'ABCDEFGHJKLMNPQR', // well formed, never issued
      code.slice(0, 15), // one short
      `${code}A`, // one long
      `${code.slice(0, 15)}0`, // 0 is not in the alphabet
      `O${code.slice(1)}`,
      "' OR 1=1 --",
      `${code}'; DROP TABLE activation_codes; --`,
    ]) {
      expect([attempt, (await activate(token, attempt)).body]).toEqual([attempt, { rspCode: 4, rspMsg: '激活码无效' }]);
    }
    expect((await userState(ctx.db(), user.id)).points).toBe(5);
    expect((await activate((await signedInUser(ctx.db())).token, code)).body.rspCode).toBe(0);
  });

  it('answers rspCode 5 激活码已被使用 for a used code, whoever used it', async () => {
    const first = await signedInUser(ctx.db());
    const second = await signedInUser(ctx.db(), { points: 3 });
    const code = await makeCode(ctx.db(), { points: 20, days: 7 });
    expect((await activate(first.token, code)).body.rspCode).toBe(0);

    expect((await activate(second.token, code)).body).toEqual({ rspCode: 5, rspMsg: '激活码已被使用' });
    expect((await activate(first.token, code)).body).toEqual({ rspCode: 5, rspMsg: '激活码已被使用' });
    expect(await userState(ctx.db(), second.user.id)).toEqual({ points: 3, memberUntil: null });
    expect((await userState(ctx.db(), first.user.id)).points).toBe(20);
  });

  it('answers rspCode 5 for a code past its end date, or disabled', async () => {
    const { user, token } = await signedInUser(ctx.db());
    const expired = await makeCode(ctx.db(), { endsAt: new Date(Date.now() - 1000) });
    expect((await activate(token, expired)).body).toEqual({ rspCode: 5, rspMsg: '激活码已过期' });

    const disabled = await makeCode(ctx.db());
    await ctx.db().update(activationCodes).set({ disabledAt: new Date() }).where(eq(activationCodes.code, disabled));
    expect((await activate(token, disabled)).body).toEqual({ rspCode: 5, rspMsg: '激活码已停用' });

    const stillValid = await makeCode(ctx.db(), { points: 4, endsAt: new Date(Date.now() + 60_000) });
    expect((await activate(token, stillValid)).body.data.createNum).toBe(4);
    expect((await userState(ctx.db(), user.id)).points).toBe(4);
  });

  describe('membership', () => {
    it('starts now for a user who never was a member, and writes no record for 0 points', async () => {
      const { user, token } = await signedInUser(ctx.db());
      const code = await makeCode(ctx.db(), { points: 0, days: 30 });
      const before = Date.now();
      const res = await activate(token, code);
      const after = Date.now();
      expect(res.body.data).toEqual({ points: 0, days: 30, createNum: 0, expireTime: expect.any(Number) });
      expect(res.body.data.expireTime).toBeGreaterThanOrEqual(before + 30 * DAY);
      expect(res.body.data.expireTime).toBeLessThanOrEqual(after + 30 * DAY);
      expect((await userState(ctx.db(), user.id)).memberUntil?.getTime()).toBe(res.body.data.expireTime);
      expect(await ctx.db().select().from(pointsLedger).where(eq(pointsLedger.userId, user.id))).toEqual([]);
    });

    it('starts now when the membership has run out', async () => {
      const { token } = await signedInUser(ctx.db(), { memberUntil: new Date(Date.now() - 10 * DAY) });
      const before = Date.now();
      const res = await activate(token, await makeCode(ctx.db(), { points: 0, days: 7 }));
      expect(res.body.data.expireTime).toBeGreaterThanOrEqual(before + 7 * DAY);
      expect(res.body.data.expireTime).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    });

    it('extends an active membership from its end', async () => {
      const end = new Date(Math.floor(Date.now() / 1000) * 1000 + 10 * DAY);
      const { token } = await signedInUser(ctx.db(), { memberUntil: end });
      const res = await activate(token, await makeCode(ctx.db(), { points: 2, days: 30 }));
      expect(res.body.data).toEqual({ points: 2, days: 30, createNum: 2, expireTime: end.getTime() + 30 * DAY });
    });

    it('adds up when one user redeems several codes at once', async () => {
      const { user, token } = await signedInUser(ctx.db());
      const codes = await Promise.all([1, 2, 3, 4, 5].map((n) => makeCode(ctx.db(), { points: n, days: n })));
      const before = Date.now();
      const answers = await Promise.all(codes.map((code) => activate(token, code)));
      expect(answers.map((a) => a.body.rspCode)).toEqual([0, 0, 0, 0, 0]);
      const state = await userState(ctx.db(), user.id);
      expect(state.points).toBe(15);
      expect(state.memberUntil!.getTime()).toBeGreaterThanOrEqual(before + 15 * DAY);
      expect(state.memberUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 15 * DAY);
    });
  });

  it('lets exactly one of 30 concurrent redeemers (10 users × 3) have the code', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => signedInUser(ctx.db(), { points: 1 })));
    const code = await makeCode(ctx.db(), { points: 7, days: 3 });

    const answers = await Promise.all(people.flatMap(({ token }) => [1, 2, 3].map(() => activate(token, code))));

    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const wins = answers.filter((a) => a.body.rspCode === 0);
    expect(wins).toHaveLength(1);
    expect(answers.filter((a) => a.body.rspCode === 5 && a.body.rspMsg === '激活码已被使用')).toHaveLength(29);

    const [row] = await ctx.db().select().from(activationCodes).where(eq(activationCodes.code, code));
    const winner = people.find((p) => p.user.id === row?.redeemedBy);
    expect(winner).toBeDefined();
    const grants = await ctx
      .db()
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.type, 'redeem'), eq(pointsLedger.change, 7)));
    expect(grants.filter((g) => people.some((p) => p.user.id === g.userId))).toHaveLength(1);
    for (const { user } of people) {
      const state = await userState(ctx.db(), user.id);
      expect([user.id, state.points, state.memberUntil !== null]).toEqual(user.id === winner!.user.id ? [user.id, 8, true] : [user.id, 1, false]);
    }
    await expectLedgerMatchesBalances(ctx.db());
  });

  describe('the failed-attempt limit', () => {
    it('answers 429 after 10 failures in an hour, even for a good code, and only for that user', async () => {
      const { user, token } = await signedInUser(ctx.db());
      const used = await makeCode(ctx.db());
      await activate((await signedInUser(ctx.db())).token, used);
      const failures = ['ABCDEFGHJKLMNPQR', used, 'too short', used, 'ABCDEFGHJKLMNPQS', used, 'x', 'y', 'z', used];
      for (const attempt of failures) expect([4, 5]).toContain((await activate(token, attempt)).body.rspCode);

      const good = await makeCode(ctx.db(), { points: 9 });
      const limited = await activate(token, good);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ msg: expect.stringMatching(/^操作过于频繁，请 \d+ 分钟后再试$/) });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect((await userState(ctx.db(), user.id)).points).toBe(0);
      const [row] = await ctx.db().select().from(activationCodes).where(eq(activationCodes.code, good));
      expect(row?.redeemedAt).toBeNull();

      expect((await activate((await signedInUser(ctx.db())).token, good)).body.rspCode).toBe(0);
    });

    it('checks at most 10 of 200 wrong codes sent at once; the rest are 429 with Retry-After', async () => {
      const { token } = await signedInUser(ctx.db());
      const guesses = Array.from({ length: 200 }, (_, i) => `ABCDEFGHJKLM${String(2000 + i).replace(/[01]/g, 'X')}`);
      const answers = await Promise.all(guesses.map((code) => activate(token, code)));
      const checked = answers.filter((a) => a.status === 200);
      for (const a of checked) expect(a.body).toEqual({ rspCode: 4, rspMsg: '激活码无效' });
      expect(checked).toHaveLength(10);
      for (const a of answers.filter((a) => a.status !== 200)) {
        expect(a.status).toBe(429);
        expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
      }
      // A good code is refused as well now.
      expect((await activate(token, await makeCode(ctx.db()))).status).toBe(429);
    });

    it('does not count successes', async () => {
      const { token } = await signedInUser(ctx.db());
      for (let i = 0; i < 9; i += 1) expect((await activate(token, 'ABCDEFGHJKLMNPQR')).body.rspCode).toBe(4);
      expect((await activate(token, await makeCode(ctx.db()))).body.rspCode).toBe(0);
      expect((await activate(token, 'ABCDEFGHJKLMNPQR')).body.rspCode).toBe(4);
      expect((await activate(token, await makeCode(ctx.db()))).status).toBe(429);
    });
  });

  describe('sign-in and bad input', () => {
    it('answers rspCode 6 without a valid token, before looking at the code', async () => {
      const code = await makeCode(ctx.db());
      expect((await ctx.post(URL, { code })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
      expect((await ctx.post(URL, { token: 'nope', code })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
      const [row] = await ctx.db().select().from(activationCodes).where(eq(activationCodes.code, code));
      expect(row?.redeemedAt).toBeNull();
    });

    it('takes the token from Authorization: Bearer too', async () => {
      const { token } = await signedInUser(ctx.db());
      const res = await ctx.post(URL, { code: await makeCode(ctx.db(), { points: 3 }) }, { authorization: `Bearer ${token}` });
      expect(res.body.data.createNum).toBe(3);
    });

    it.each([
      ['a missing code', {}, '激活码不能为空'],
      ['an empty code', { code: '' }, '激活码不能为空'],
      ['a blank code', { code: '   ' }, '激活码不能为空'],
      ['a number', { code: 1234567890123456 }, '激活码格式不正确'],
      ['an array', { code: ['ABCD'] }, '激活码格式不正确'],
      ['null', { code: null }, '激活码格式不正确'],
      ['control characters', { code: 'ABCD\u0000EFGH' }, '激活码不能包含控制字符'],
      ['a huge string', { code: 'A'.repeat(100_000) }, '激活码不能超过 64 个字'],
      ['a token of the wrong type', { token: 42, code: 'ABCDEFGHJKLMNPQR' }, '登录令牌格式不正确'],
    ])('answers rspCode 2 for %s', async (_what, body, rspMsg) => {
      const { token } = await signedInUser(ctx.db());
      const res = await ctx.post(URL, { token, ...body });
      expect(res.body).toEqual({ rspCode: 2, rspMsg });
    });
  });

  it('leaves every balance equal to the sum of its records after all of the above', async () => {
    await expectLedgerMatchesBalances(ctx.db());
  });
});
