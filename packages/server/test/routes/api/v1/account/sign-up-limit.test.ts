import { eq } from 'drizzle-orm';
import { rateLimitHits, users } from '../../../../../src/db/schema.js';
import { addressGroup } from '../../../../../src/modules/accounts/login-or-register.js';
import { describeEngines, uniquePhone, type EngineContext } from '../../../../helpers/engines.js';
import { LOGIN, PASSWORD } from './account-calls.js';

/** A login_or_register for a new phone, from `remoteAddress` (the socket's peer) with `headers`. */
async function signUpFrom(ctx: EngineContext, remoteAddress: string, headers: Record<string, string> = {}, phone = uniquePhone()) {
  const res = await ctx.app().inject({ method: 'POST', url: LOGIN, payload: { phone, password: PASSWORD }, remoteAddress, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers, phone };
}

function expectLimited(answer: { status: number; body: unknown; headers: Record<string, unknown> }) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ msg: '操作过于频繁，请 60 分钟后再试' });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(3500);
  expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(3600);
}

async function accountExists(ctx: EngineContext, phone: string): Promise<boolean> {
  return (await ctx.db().select({ id: users.id }).from(users).where(eq(users.phone, phone))).length > 0;
}

let addressCounter = 0;
/** An IPv4 address no other test of this file uses. */
const freshAddress = () => `198.51.100.${(addressCounter += 1)}`;

describeEngines(
  'sign-ups per client address (SIGNUP_LIMIT=3, no TRUST_PROXY)',
  (ctx) => {
    it('lets 3 new accounts through per address and hour, then answers 429 with Retry-After and makes no account', async () => {
      const address = freshAddress();
      for (let i = 0; i < 3; i += 1) expect((await signUpFrom(ctx, address)).body.rspCode).toBe(0);
      const refused = await signUpFrom(ctx, address);
      expectLimited(refused);
      expect(await accountExists(ctx, refused.phone)).toBe(false);
      // Another address is counted on its own.
      expect((await signUpFrom(ctx, freshAddress())).body.rspCode).toBe(0);
    });

    it('counts only new accounts: signing in from a limited address still works', async () => {
      const address = freshAddress();
      const first = await signUpFrom(ctx, address);
      for (let i = 0; i < 2; i += 1) await signUpFrom(ctx, address);
      expectLimited(await signUpFrom(ctx, address));
      const again = await signUpFrom(ctx, address, {}, first.phone);
      expect(again.body.rspCode).toBe(0);
      expect(again.body.data.id).toBe(first.body.data.id);
    });

    it('makes exactly 3 of 40 sign-ups sent at once from one address', async () => {
      const address = freshAddress();
      const answers = await Promise.all(Array.from({ length: 40 }, () => signUpFrom(ctx, address)));
      expect(answers.filter((a) => a.status === 200 && a.body.rspCode === 0)).toHaveLength(3);
      for (const a of answers.filter((a) => a.status !== 200)) expectLimited(a);
    });

    it('counts one phone signed up by many requests at once as one sign-up', async () => {
      const address = freshAddress();
      const phone = uniquePhone();
      const answers = await Promise.all(Array.from({ length: 10 }, () => signUpFrom(ctx, address, {}, phone)));
      // One makes the account, the others sign in to it (those past 3 in flight wait their turn).
      expect(answers.map((a) => a.body.rspCode)).toEqual(Array(10).fill(0));
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      expect(await ctx.db().select().from(rateLimitHits).where(eq(rateLimitHits.key, `signup:${address}`))).toHaveLength(1);
      expect((await signUpFrom(ctx, address)).body.rspCode).toBe(0);
    });

    it('ignores X-Forwarded-For: a client cannot choose the address it is counted under', async () => {
      const address = freshAddress();
      for (let i = 0; i < 3; i += 1) {
        expect((await signUpFrom(ctx, address, { 'x-forwarded-for': `203.0.113.${i + 1}` })).body.rspCode).toBe(0);
      }
      expectLimited(await signUpFrom(ctx, address, { 'x-forwarded-for': '203.0.113.99' }));
    });

    it('counts an IPv6 /64 as one address', async () => {
      expect((await signUpFrom(ctx, '2001:db8:aa:1::1')).body.rspCode).toBe(0);
      expect((await signUpFrom(ctx, '2001:db8:aa:1:ffff::2')).body.rspCode).toBe(0);
      expect((await signUpFrom(ctx, '2001:db8:aa:1:1234:5678:9abc:def0')).body.rspCode).toBe(0);
      expectLimited(await signUpFrom(ctx, '2001:0db8:00aa:0001::9'));
      expect((await signUpFrom(ctx, '2001:db8:aa:2::1')).body.rspCode).toBe(0);
    });
  },
  { SIGNUP_LIMIT: '3' },
);

describeEngines(
  'sign-ups per client address behind a proxy (SIGNUP_LIMIT=3, TRUST_PROXY=127.0.0.1,10.0.0.0/8)',
  (ctx) => {
    const viaProxy = (client: string) => signUpFrom(ctx, '10.1.2.3', { 'x-forwarded-for': client });

    it('counts each client named by X-Forwarded-For from a trusted proxy on its own', async () => {
      const client = freshAddress();
      for (let i = 0; i < 3; i += 1) expect((await viaProxy(client)).body.rspCode).toBe(0);
      expectLimited(await viaProxy(client));
      // The proxy's other clients are not held back by this one.
      expect((await viaProxy(freshAddress())).body.rspCode).toBe(0);
      // The nearest untrusted address of a chain is the client's.
      expectLimited(await signUpFrom(ctx, '127.0.0.1', { 'x-forwarded-for': `192.0.2.77, ${client}, 10.9.9.9` }));
    });

    it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
      const direct = freshAddress();
      for (let i = 0; i < 3; i += 1) {
        expect((await signUpFrom(ctx, direct, { 'x-forwarded-for': `203.0.113.${i + 1}` })).body.rspCode).toBe(0);
      }
      expectLimited(await signUpFrom(ctx, direct, { 'x-forwarded-for': '203.0.113.50' }));
    });
  },
  { SIGNUP_LIMIT: '3', TRUST_PROXY: '127.0.0.1,10.0.0.0/8' },
);

describeEngines(
  'sign-ups per client address with the default SIGNUP_LIMIT',
  (ctx) => {
    it('allows 20 sign-ups per address and hour', async () => {
      const address = freshAddress();
      for (let i = 0; i < 20; i += 1) expect((await signUpFrom(ctx, address)).body.rspCode).toBe(0);
      expectLimited(await signUpFrom(ctx, address));
    });
  },
  { SIGNUP_LIMIT: undefined },
);

describe('addressGroup', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0DB8:00aa:0001:0:0:0:1', '2001:db8:aa:1::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });
});
