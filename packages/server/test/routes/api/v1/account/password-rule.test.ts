import { count, eq } from 'drizzle-orm';
import { users } from '../../../../../src/db/schema.js';
import { hashPassword } from '../../../../../src/modules/accounts/passwords.js';
import { describeEngines, uniquePhone } from '../../../../helpers/engines.js';
import { LOGIN } from './account-calls.js';

const RULE = '密码须为 8-32 位，同时包含字母和数字，且不能包含手机号';

describeEngines(
  'the password of a new account',
  (ctx) => {
    const accounts = async () => (await ctx.db().select({ n: count() }).from(users))[0]!.n;

    it.each([
      ['123456', () => '123456', RULE],
      ['6 spaces', () => ' '.repeat(6), RULE],
      ['8 spaces', () => ' '.repeat(8), RULE],
      ['7 characters with letters and digits', () => 'abc1234', RULE],
      ['letters only', () => 'abcdefghij', RULE],
      ['digits only', () => '1234567890', RULE],
      ['the phone number itself', (phone: string) => phone, RULE],
      ['the phone number with letters around it', (phone: string) => `ab${phone}`, RULE],
      ['symbols only', () => '!@#$%^&*()', RULE],
      ['Chinese and digits, no Latin letter', () => '密码密码密码12', RULE],
      ['33 characters', () => 'a1'.repeat(16) + 'b', '密码不能超过 32 个字'],
      ['a right-to-left override', () => 'secret\u202e123', '密码不能包含不可见字符'],
      ['a C1 control', () => 'secret\u0085123', '密码不能包含控制字符'],
      ['a lone surrogate', () => 'secret\ud800123', '密码不能包含无效字符'],
    ])('refuses %s with rspCode 2 and the rule, creating no account', async (_name, password, rspMsg) => {
      const phone = uniquePhone();
      const before = await accounts();
      const res = await ctx.post(LOGIN, { phone, password: password(phone) });
      expect([res.status, res.body]).toEqual([200, { rspCode: 2, rspMsg }]);
      expect(await accounts()).toBe(before);
      expect(await ctx.db().select().from(users).where(eq(users.phone, phone))).toEqual([]);
    });

    it.each([['secret123'], ['12345678a'], ['A1bcdefg'], [' pass word 9 '], ['a1'.repeat(16)], ['密码abc123']])('accepts %j', async (password) => {
      const phone = uniquePhone();
      expect((await ctx.post(LOGIN, { phone, password })).body).toMatchObject({ rspCode: 0, data: { phone } });
      expect((await ctx.post(LOGIN, { phone, password })).body.rspCode).toBe(0);
    });

    describe('an existing account with a password set before the rule', () => {
      it.each([['123456'], [' '.repeat(6)], ['abcdefgh'], ['secret\u202e1'], ['PHONE']])('still signs in with %j', async (old) => {
        const phone = uniquePhone();
        const password = old === 'PHONE' ? phone : old;
        await ctx.db().insert(users).values({ phone, passwordHash: await hashPassword(password), nickname: '老用户' });
        const res = await ctx.post(LOGIN, { phone, password });
        expect(res.body).toMatchObject({ rspCode: 0, data: { phone, nickname: '老用户' } });
        // A wrong password is still wrong, not a rule violation.
        expect((await ctx.post(LOGIN, { phone, password: '654321' })).body).toEqual({ rspCode: 1, rspMsg: '手机号或密码错误' });
      });
    });
  },
  { WORKERS: '0' },
);
