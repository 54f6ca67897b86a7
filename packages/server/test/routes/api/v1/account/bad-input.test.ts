import { count, eq } from 'drizzle-orm';
import { users } from '../../../../../src/db/schema.js';
import { describeEngines, uniquePhone } from '../../../../helpers/engines.js';
import { failure, LOGIN, PASSWORD, SIGNED_IN_CALLS } from './account-calls.js';

const HUGE = 'x'.repeat(100 * 1024);
const SQL = "' OR 1=1 --";
const ALL_CALLS = [LOGIN, ...SIGNED_IN_CALLS];

describeEngines('account calls given bad input', (ctx) => {
  describe('login_or_register', () => {
    it.each([
      ['no fields', {}, '手机号不能为空'],
      ['no password', { phone: '13800138000' }, '密码不能为空'],
      ['no phone', { password: PASSWORD }, '手机号不能为空'],
      ['a number as phone', { phone: 13800138000, password: PASSWORD }, '手机号格式不正确'],
      ['null as phone', { phone: null, password: PASSWORD }, '手机号格式不正确'],
      ['an empty phone', { phone: '', password: PASSWORD }, '手机号格式不正确'],
      ['a phone of 10 digits', { phone: '1380013800', password: PASSWORD }, '手机号格式不正确'],
      ['a phone of 12 digits', { phone: '138001380001', password: PASSWORD }, '手机号格式不正确'],
      ['a phone starting 12', { phone: '12800138000', password: PASSWORD }, '手机号格式不正确'],
      ['a phone with +86', { phone: '+8613800138000', password: PASSWORD }, '手机号格式不正确'],
      ['a phone with full-width digits', { phone: '１３８００１３８０００', password: PASSWORD }, '手机号格式不正确'],
      ['a phone with a control character', { phone: '1380013800\u0007', password: PASSWORD }, '手机号格式不正确'],
      ['a SQL-looking phone', { phone: SQL, password: PASSWORD }, '手机号格式不正确'],
      ['a 100 KB phone', { phone: HUGE, password: PASSWORD }, '手机号格式不正确'],
      ['a number as password', { phone: '13800138000', password: 12345678 }, '密码格式不正确'],
      ['an empty password', { phone: '13800138000', password: '' }, '密码不能少于 6 个字'],
      ['a password of 5 characters', { phone: '13800138000', password: '12345' }, '密码不能少于 6 个字'],
      ['a password of 33 characters', { phone: '13800138000', password: 'a'.repeat(33) }, '密码不能超过 32 个字'],
      ['a 100 KB password', { phone: '13800138000', password: HUGE }, '密码不能超过 32 个字'],
      ['a password with a control character', { phone: '13800138000', password: 'abc\u0007def' }, '密码不能包含控制字符'],
      ['a password with a tab', { phone: '13800138000', password: 'abc\tdef' }, '密码不能包含控制字符'],
      ['an empty nickname', { phone: '13800138000', password: PASSWORD, nickname: '' }, '昵称不能为空'],
      ['a nickname of 21 characters', { phone: '13800138000', password: PASSWORD, nickname: '名'.repeat(21) }, '昵称不能超过 20 个字'],
      ['a 100 KB nickname', { phone: '13800138000', password: PASSWORD, nickname: HUGE }, '昵称不能超过 20 个字'],
      ['a nickname with a control character', { phone: '13800138000', password: PASSWORD, nickname: 'a\u0007' }, '昵称不能包含控制字符'],
      ['a number as nickname', { phone: '13800138000', password: PASSWORD, nickname: 7 }, '昵称格式不正确'],
    ])('answers rspCode 2 for %s, creating nothing', async (_, body, rspMsg) => {
      const [before] = await ctx.db().select({ n: count() }).from(users);
      expect(await ctx.post(LOGIN, body)).toMatchObject(failure(2, rspMsg));
      const [after] = await ctx.db().select({ n: count() }).from(users);
      expect(after!.n).toBe(before!.n);
    });

    it('trims the phone: " 138… " is that phone', async () => {
      const phone = uniquePhone();
      const res = await ctx.post(LOGIN, { phone: `  ${phone} `, password: PASSWORD });
      expect(res.body.data.phone).toBe(phone);
    });

    it('stores a SQL-looking nickname as plain text', async () => {
      const res = await ctx.post(LOGIN, { phone: uniquePhone(), password: PASSWORD, nickname: SQL });
      expect(res.body).toMatchObject({ rspCode: 0, data: { nickname: SQL } });
      const [row] = await ctx.db().select().from(users).where(eq(users.id, Number(res.body.data.id)));
      expect(row!.nickname).toBe(SQL);
    });

    it('ignores fields it does not know', async () => {
      const res = await ctx.post(LOGIN, { phone: uniquePhone(), password: PASSWORD, points: 999999, id: '1', isAdmin: true });
      expect(res.body).toMatchObject({ rspCode: 0, data: { createNum: 10 } });
    });
  });

  describe.each(ALL_CALLS)('%s', (url) => {
    it('answers a body that is not an object with rspCode 2', async () => {
      for (const payload of ['[]', '"text"', '42', 'null']) {
        const res = await ctx.app().inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
        expect({ status: res.statusCode, body: res.json() }).toEqual(failure(2, '请求参数格式不正确'));
      }
    });

    it('answers malformed JSON with 400 { msg }', async () => {
      const res = await ctx.app().inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"phone":' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: '请求体不是合法的 JSON' });
    });

    it('answers a form body with 400 { msg }', async () => {
      const res = await ctx.app().inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'phone=13800138000&password=secret123',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: '不支持的请求格式，请使用 application/json' });
    });

    it('answers GET with 404 { msg }', async () => {
      const res = await ctx.app().inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: '接口不存在' });
    });
  });

  describe.each(SIGNED_IN_CALLS)('%s', (url) => {
    it.each([
      ['a number', 12345, '登录令牌格式不正确'],
      ['an array', ['token'], '登录令牌格式不正确'],
      ['a 100 KB string', HUGE, '登录令牌不能超过 200 个字'],
    ])('answers a token that is %s with rspCode 2', async (_, token, rspMsg) => {
      expect(await ctx.post(url, { token })).toMatchObject(failure(2, rspMsg));
    });

    it.each([
      ['missing', {}],
      ['SQL-looking', { token: SQL }],
      ['holding a control character', { token: 'abc\u0007' }],
    ])('answers a token %s with rspCode 6', async (_, body) => {
      expect(await ctx.post(url, body)).toMatchObject(failure(6, '请先登录'));
    });

    it('answers rspCode 6 for a malformed Authorization header', async () => {
      for (const authorization of ['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', SQL, `Bearer ${SQL}`]) {
        expect(await ctx.post(url, {}, { authorization })).toMatchObject(failure(6, '请先登录'));
      }
    });
  });
});
