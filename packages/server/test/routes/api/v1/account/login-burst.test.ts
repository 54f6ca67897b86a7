import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../../src/app.js';
import { openDatabase, type Database } from '../../../../../src/db/database.js';
import * as passwords from '../../../../../src/modules/accounts/passwords.js';
import { describeEngines, type EngineContext, testConfig } from '../../../../helpers/engines.js';
import { LOGIN, PASSWORD, signUp } from './account-calls.js';

// Every password check of this file, in the order they start: what the limit must keep to 5.
const checks: { password: string }[] = [];
jest.mock('../../../../../src/modules/accounts/passwords.js', () => {
  const actual = jest.requireActual<typeof passwords>('../../../../../src/modules/accounts/passwords.js');
  return {
    ...actual,
    verifyPassword: (password: string, hash: string) => {
      checks.push({ password });
      return actual.verifyPassword(password, hash);
    },
  };
});

type Answer = { status: number; body: any; headers: Record<string, unknown> };

/** A burst's answers: each is a wrong password (rspCode 1), a 429 with Retry-After and { msg }, or a sign-in. */
function tally(answers: Answer[]) {
  const wrong = answers.filter((a) => a.status === 200 && a.body.rspCode === 1);
  const limited = answers.filter((a) => a.status === 429);
  for (const a of limited) {
    expect(a.body).toEqual({ msg: expect.stringMatching(/^操作过于频繁，请 \d+ 分钟后再试$/) });
    expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(a.headers['retry-after'])).toBeLessThanOrEqual(900);
  }
  const signedIn = answers.filter((a) => a.status === 200 && a.body.rspCode === 0);
  expect(wrong.length + limited.length + signedIn.length).toBe(answers.length);
  return { wrong: wrong.length, limited: limited.length, signedIn: signedIn.length };
}

const wrongGuesses = (n: number) => Array.from({ length: n }, (_, i) => `guess-${i}-wrong`);

describeEngines('login_or_register under a burst of parallel guesses', (ctx: EngineContext) => {
  beforeEach(() => {
    checks.length = 0;
  });

  it('checks at most 5 of 120 wrong passwords sent at once; the rest are 429 with Retry-After', async () => {
    const { phone } = await signUp(ctx);
    checks.length = 0;
    const answers = await Promise.all(wrongGuesses(120).map((password) => ctx.post(LOGIN, { phone, password })));
    expect(checks.length).toBeLessThanOrEqual(5);
    const { wrong, limited } = tally(answers);
    expect(wrong).toBe(5);
    expect(limited).toBe(115);
    // Still locked: the right password is refused too.
    expect((await ctx.post(LOGIN, { phone, password: PASSWORD })).status).toBe(429);
  });

  it('signs in with the right password in a burst only if fewer than 5 wrong ones were counted before it', async () => {
    const { phone } = await signUp(ctx);
    checks.length = 0;
    const guesses = wrongGuesses(100);
    guesses.splice(50, 0, PASSWORD);
    const answers = await Promise.all(guesses.map((password) => ctx.post(LOGIN, { phone, password })));

    const { wrong, signedIn } = tally(answers);
    expect(wrong).toBeLessThanOrEqual(5);
    expect(checks.filter((c) => c.password !== PASSWORD).length).toBeLessThanOrEqual(5);
    if (signedIn > 0) {
      // Reserved before its check: at most 4 wrong ones had started theirs.
      expect(checks.findIndex((c) => c.password === PASSWORD)).toBeLessThanOrEqual(4);
    }
  });

  it('refuses the right password in a burst once 5 wrong ones are counted', async () => {
    const { phone } = await signUp(ctx);
    for (const password of wrongGuesses(5)) expect((await ctx.post(LOGIN, { phone, password })).body.rspCode).toBe(1);
    checks.length = 0;
    const answers = await Promise.all([...wrongGuesses(30), PASSWORD, PASSWORD].map((password) => ctx.post(LOGIN, { phone, password })));
    expect(tally(answers)).toEqual({ wrong: 0, limited: 32, signedIn: 0 });
    expect(checks).toEqual([]);
  });

  it('signs in all of 12 parallel sign-ins with the right password (those past 5 in flight wait their turn)', async () => {
    const { phone } = await signUp(ctx);
    const answers = await Promise.all(Array.from({ length: 12 }, () => ctx.post(LOGIN, { phone, password: PASSWORD })));
    expect(tally(answers)).toEqual({ wrong: 0, limited: 0, signedIn: 12 });
  });

  describe('a second app on the same database (another API process)', () => {
    let second: FastifyInstance;
    let secondDatabase: Database | undefined;

    beforeAll(async () => {
      const url = ctx.databaseUrl();
      // PostgreSQL: a pool of its own, as another process has. PGlite lives in one process: the same handle.
      secondDatabase = url ? await openDatabase({ databaseUrl: url, poolSize: 10 }) : undefined;
      const config = testConfig({ WORKERS: '0' });
      second = await buildApp(config, { database: secondDatabase ?? ctx.database() });
      await second.ready();
    }, 60_000);

    afterAll(async () => {
      await second?.close();
      await secondDatabase?.close();
    });

    it('shares the limit: 120 wrong passwords split over both apps, at most 5 checked', async () => {
      const { phone } = await signUp(ctx);
      checks.length = 0;
      const answers = await Promise.all(
        wrongGuesses(120).map(async (password, i) => {
          if (i % 2 === 0) return ctx.post(LOGIN, { phone, password });
          const res = await second.inject({ method: 'POST', url: LOGIN, payload: { phone, password } });
          return { status: res.statusCode, body: res.json(), headers: res.headers };
        }),
      );
      expect(checks.length).toBeLessThanOrEqual(5);
      expect(tally(answers)).toEqual({ wrong: 5, limited: 115, signedIn: 0 });
      const res = await second.inject({ method: 'POST', url: LOGIN, payload: { phone, password: PASSWORD } });
      expect(res.statusCode).toBe(429);
    });
  });
});
