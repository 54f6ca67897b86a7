import { and, eq } from 'drizzle-orm';
import { pointsLedger, rateLimitHits, users } from '../../../../../src/db/schema.js';
import { verifyPassword } from '../../../../../src/modules/accounts/passwords.js';
import { hashToken } from '../../../../../src/modules/sessions/tokens.js';
import { sessions } from '../../../../../src/db/schema.js';
import { describeEngines, uniquePhone, type EngineContext } from '../../../../helpers/engines.js';
import { LOGIN, PASSWORD, signUp } from './account-calls.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

async function userByPhone(ctx: EngineContext, phone: string) {
  const [user] = await ctx.db().select().from(users).where(eq(users.phone, phone));
  return user;
}

async function ledgerOf(ctx: EngineContext, userId: number) {
  return ctx.db().select().from(pointsLedger).where(eq(pointsLedger.userId, userId));
}

/** Moves every counted login failure of `phone` back by `ms`. */
async function ageLoginFailures(ctx: EngineContext, phone: string, ms: number) {
  const hits = await ctx.db().select().from(rateLimitHits).where(eq(rateLimitHits.key, `login:${phone}`));
  for (const hit of hits) {
    await ctx.db().update(rateLimitHits).set({ at: new Date(hit.at.getTime() - ms) }).where(eq(rateLimitHits.id, hit.id));
  }
}

describeEngines('POST /api/v1/account/login_or_register', (ctx) => {
  describe('an unknown phone', () => {
    it('creates the account and answers its UserInfo with a token', async () => {
      const phone = uniquePhone();
      const before = Date.now();
      const res = await ctx.post(LOGIN, { phone, password: PASSWORD });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        rspCode: 0,
        rspMsg: '成功',
        data: {
          id: expect.stringMatching(/^\d+$/),
          phone,
          nickname: `用户${phone.slice(-4)}`,
          name: '',
          avatar: '',
          token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          createNum: 10,
          expireTime: 0,
          createdAt: expect.any(Number),
          hasPassword: true,
          welcomePoints: 10,
          mustChangePassword: false,
        },
      });
      expect(res.body.data.createdAt).toBeGreaterThanOrEqual(before - 1000);
      expect(res.body.data.createdAt).toBeLessThanOrEqual(Date.now() + 1000);
      const user = await userByPhone(ctx, phone);
      expect(String(user!.id)).toBe(res.body.data.id);
    });

    it('writes the welcome points as one register record, the balance equal to it', async () => {
      const info = await signUp(ctx);
      const ledger = await ledgerOf(ctx, Number(info.id));
      expect(ledger).toEqual([expect.objectContaining({ change: 10, balance: 10, type: 'register', title: '新用户注册赠送', taskId: null })]);
      expect((await userByPhone(ctx, info.phone))!.points).toBe(10);
    });

    it('takes the nickname given', async () => {
      const res = await ctx.post(LOGIN, { phone: uniquePhone(), password: PASSWORD, nickname: '  小明 ' });
      expect(res.body.data.nickname).toBe('小明');
    });

    it('stores the password only as a salted scrypt hash', async () => {
      const a = await signUp(ctx, uniquePhone(), 'same-password-1');
      const b = await signUp(ctx, uniquePhone(), 'same-password-1');
      const [hashA, hashB] = [(await userByPhone(ctx, a.phone))!.passwordHash, (await userByPhone(ctx, b.phone))!.passwordHash];
      expect(hashA).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
      expect(hashA).not.toContain('same-password-1');
      expect(hashA).not.toBe(hashB);
      await expect(verifyPassword('same-password-1', hashA)).resolves.toBe(true);
    });

    it('stores the token only as its hash', async () => {
      const info = await signUp(ctx);
      const rows = await ctx.db().select().from(sessions).where(eq(sessions.userId, Number(info.id)));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(hashToken(info.token));
      expect(JSON.stringify(rows)).not.toContain(info.token);
    });

    it('ends with one account and one register record when 10 requests race to register it', async () => {
      const phone = uniquePhone();
      const answers = await Promise.all(Array.from({ length: 10 }, () => ctx.post(LOGIN, { phone, password: PASSWORD })));

      expect(answers.map((a) => a.body.rspCode)).toEqual(Array(10).fill(0));
      const ids = new Set(answers.map((a) => a.body.data.id));
      expect(ids.size).toBe(1);
      expect(new Set(answers.map((a) => a.body.data.token)).size).toBe(10);
      expect(answers.map((a) => a.body.data.createNum)).toEqual(Array(10).fill(10));
      expect(await ctx.db().select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
      expect(await ledgerOf(ctx, Number([...ids][0]))).toHaveLength(1);
    });

    it('lets the first password win a race of different passwords; the others are wrong passwords', async () => {
      const phone = uniquePhone();
      const answers = await Promise.all(['first-pass-1', 'second-pass-2'].map((password) => ctx.post(LOGIN, { phone, password })));
      const codes = answers.map((a) => a.body.rspCode).sort();
      expect(codes).toEqual([0, 1]);
      expect(answers.find((a) => a.body.rspCode === 1)!.body).toEqual({ rspCode: 1, rspMsg: '手机号或密码错误' });
      expect(await ctx.db().select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
    });
  });

  describe('a known phone', () => {
    it('signs in with the right password: the same account, a new token, its nickname kept', async () => {
      const first = await signUp(ctx);
      const res = await ctx.post(LOGIN, { phone: first.phone, password: PASSWORD, nickname: '别的名字' });
      // A sign-in gives nothing: welcomePoints 0 (the app says 欢迎 only to a new account).
      expect(res.body).toEqual({ rspCode: 0, rspMsg: '成功', data: { ...first, token: expect.any(String), welcomePoints: 0, mustChangePassword: false } });
      expect(res.body.data.token).not.toBe(first.token);
      // Signing in again grants nothing.
      expect(await ledgerOf(ctx, Number(first.id))).toHaveLength(1);
    });

    it('answers rspCode 1 for a wrong password and issues no token', async () => {
      const info = await signUp(ctx);
      const res = await ctx.post(LOGIN, { phone: info.phone, password: 'wrong-password' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ rspCode: 1, rspMsg: '手机号或密码错误' });
      expect(await ctx.db().select().from(sessions).where(eq(sessions.userId, Number(info.id)))).toHaveLength(1);
    });

    it('takes the password exactly as typed: never trimmed, case-sensitive', async () => {
      const info = await signUp(ctx, uniquePhone(), ' Secret 1 ');
      expect((await ctx.post(LOGIN, { phone: info.phone, password: ' Secret 1 ' })).body.rspCode).toBe(0);
      expect((await ctx.post(LOGIN, { phone: info.phone, password: 'Secret 1' })).body.rspCode).toBe(1);
      expect((await ctx.post(LOGIN, { phone: info.phone, password: ' secret 1 ' })).body.rspCode).toBe(1);
    });

    it('accepts a password that looks like SQL as an ordinary password', async () => {
      const info = await signUp(ctx, uniquePhone(), "' OR 1=1 --");
      expect((await ctx.post(LOGIN, { phone: info.phone, password: "' OR 1=1 --" })).body.rspCode).toBe(0);
      expect((await ctx.post(LOGIN, { phone: info.phone, password: "x' OR '1'='1" })).body).toEqual({ rspCode: 1, rspMsg: '手机号或密码错误' });
    });
  });

  describe('5 wrong passwords within 15 minutes', () => {
    async function lockOut(): Promise<string> {
      const { phone } = await signUp(ctx);
      for (let i = 0; i < 5; i += 1) {
        expect((await ctx.post(LOGIN, { phone, password: `wrong-${i}-password` })).body).toEqual({ rspCode: 1, rspMsg: '手机号或密码错误' });
      }
      return phone;
    }

    it('answers 429 with Retry-After and { msg }, for a wrong and for the right password', async () => {
      const phone = await lockOut();
      for (const password of ['wrong-again', PASSWORD]) {
        const res = await ctx.post(LOGIN, { phone, password });
        expect(res.status).toBe(429);
        expect(res.body).toEqual({ msg: '操作过于频繁，请 15 分钟后再试' });
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(880);
        expect(retryAfter).toBeLessThanOrEqual(900);
      }
    });

    it('does not count the refused attempts: the lockout ends when the window passes', async () => {
      const phone = await lockOut();
      expect((await ctx.post(LOGIN, { phone, password: PASSWORD })).status).toBe(429);
      await ageLoginFailures(ctx, phone, FIFTEEN_MINUTES - 60_000);
      expect((await ctx.post(LOGIN, { phone, password: PASSWORD })).status).toBe(429);
      await ageLoginFailures(ctx, phone, 61_000);
      const res = await ctx.post(LOGIN, { phone, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.rspCode).toBe(0);
    });

    it('slides: one failure leaving the window frees one attempt', async () => {
      const phone = await lockOut();
      const [oldest] = await ctx.db().select().from(rateLimitHits).where(eq(rateLimitHits.key, `login:${phone}`)).orderBy(rateLimitHits.id).limit(1);
      await ctx.db().update(rateLimitHits).set({ at: new Date(Date.now() - FIFTEEN_MINUTES - 1000) }).where(eq(rateLimitHits.id, oldest!.id));
      expect((await ctx.post(LOGIN, { phone, password: 'wrong-once-more' })).body.rspCode).toBe(1);
      expect((await ctx.post(LOGIN, { phone, password: PASSWORD })).status).toBe(429);
    });

    it('locks only that phone', async () => {
      await lockOut();
      const other = await signUp(ctx);
      expect((await ctx.post(LOGIN, { phone: other.phone, password: PASSWORD })).body.rspCode).toBe(0);
    });

    it('counts 4 failures as no lockout, and a success does not wipe them', async () => {
      const { phone } = await signUp(ctx);
      for (let i = 0; i < 4; i += 1) expect((await ctx.post(LOGIN, { phone, password: 'wrong-password' })).body.rspCode).toBe(1);
      expect((await ctx.post(LOGIN, { phone, password: PASSWORD })).body.rspCode).toBe(0);
      expect((await ctx.post(LOGIN, { phone, password: 'wrong-password' })).body.rspCode).toBe(1);
      expect((await ctx.post(LOGIN, { phone, password: PASSWORD })).status).toBe(429);
    });

    it('keeps the count in the database, where every API process sees it', async () => {
      const phone = await lockOut();
      const hits = await ctx.db().select().from(rateLimitHits).where(and(eq(rateLimitHits.key, `login:${phone}`)));
      expect(hits).toHaveLength(5);
    });

    it('refuses the right password sent last in a burst of 20 parallel wrong guesses', async () => {
      const { phone } = await signUp(ctx);
      const guesses = Array.from({ length: 20 }, (_, i) => ctx.post(LOGIN, { phone, password: `guess-${i}-xx` }));
      // The right password goes once the burst has taken the window's places (parallel requests
      // reach the limit in no set order: sent together, it could be among the first five), while
      // those guesses are still being checked.
      const countedFor = async () => (await ctx.db().select().from(rateLimitHits).where(eq(rateLimitHits.key, `login:${phone}`))).length;
      while ((await countedFor()) < 5) await new Promise((resolve) => setImmediate(resolve));
      const right = await ctx.post(LOGIN, { phone, password: PASSWORD });
      for (const answer of await Promise.all(guesses)) expect(answer.status === 429 || answer.body.rspCode === 1).toBe(true);
      // The failures recorded meanwhile (or those still in flight, which it waits for) stop the right one.
      expect(right.status).toBe(429);
    });
  });
});

describeEngines(
  'POST /api/v1/account/login_or_register with WELCOME_POINTS=0',
  (ctx) => {
    it('creates the account with 0 points and no ledger record', async () => {
      const info = (await ctx.post(LOGIN, { phone: uniquePhone(), password: PASSWORD })).body.data;
      expect([info.createNum, info.welcomePoints]).toEqual([0, 0]);
      expect(await ledgerOf(ctx, Number(info.id))).toEqual([]);
    });
  },
  { WELCOME_POINTS: '0' },
);

describeEngines(
  'POST /api/v1/account/login_or_register with WELCOME_POINTS=25',
  (ctx) => {
    it('grants the configured welcome points', async () => {
      const info = (await ctx.post(LOGIN, { phone: uniquePhone(), password: PASSWORD })).body.data;
      expect([info.createNum, info.welcomePoints]).toEqual([25, 25]);
      expect(await ledgerOf(ctx, Number(info.id))).toEqual([expect.objectContaining({ change: 25, balance: 25, type: 'register' })]);
    });
  },
  { WELCOME_POINTS: '25' },
);
