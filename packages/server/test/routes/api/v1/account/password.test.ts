import { eq } from 'drizzle-orm';
import { users } from '../../../../../src/db/schema.js';
import { backgroundSendsSettled } from '../../../../../src/modules/sms/sms-codes.js';
import { describeEngines, uniquePhone, type EngineContext } from '../../../../helpers/engines.js';
import { signedInUser } from '../../../../helpers/users.js';
import { startTencentSmsStandIn, type TencentSmsStandIn } from '../../../../stand-ins/tencent-sms.js';
import { ACCOUNT_INFO, CHANGE_PASSWORD, failure, LOGIN, LOGOUT_ALL, PASSWORD, RESET_PASSWORD, SEND_CODE, signUp } from './account-calls.js';

const NEW_PASSWORD = 'brandnew42';
const SENT = { status: 200, body: { rspCode: 0, rspMsg: '成功', data: { msg: '验证码已发送' } } };
const SIGNED_OUT = failure(6, '请先登录');
const GONE = failure(1, '验证码已失效，请重新获取');
const ADMIN_TOKEN = 'admin-token-for-the-password-tests';
const MINUTE = 60_000;

// Only Date is faked (the clock codes and limits are read by); timers, PGlite and the sockets run as usual.
const REAL_TIMERS = ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance'] as const;
let clock = Date.now();
const advance = (ms: number) => {
  clock += ms;
  jest.setSystemTime(clock);
};

const vendor: { current?: TencentSmsStandIn } = {};
const env: Record<string, string> = { ADMIN_TOKEN };
beforeAll(async () => {
  vendor.current = await startTencentSmsStandIn({ perNumberPerHour: 1000 });
  const v = vendor.current;
  Object.assign(env, { SMS_PROVIDER: 'tencent', SMS_SECRET_ID: v.secretId, SMS_SECRET_KEY: v.secretKey, SMS_SDK_APP_ID: v.sdkAppId, SMS_SIGN_NAME: v.signName, SMS_TEMPLATE_ID: v.templateId, SMS_ENDPOINT: v.url });
});
afterAll(() => vendor.current?.close());
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: [...REAL_TIMERS] });
  jest.setSystemTime(clock);
});
afterEach(() => jest.useRealTimers());

/** The calls every suite here makes. */
function calls(ctx: EngineContext) {
  const signedIn = (token: string) => ctx.post(ACCOUNT_INFO, { token });
  const passwordWorks = async (phone: string, password: string) => (await ctx.post(LOGIN, { phone, password })).body.rspCode === 0;
  const admin = (path: string, body: Record<string, unknown>) => ctx.post(`/admin/api/users/${path}`, body, { authorization: `Bearer ${ADMIN_TOKEN}` });
  return { signedIn, passwordWorks, admin };
}

describeEngines(
  '忘记密码, with SMS codes',
  (ctx: EngineContext) => {
    const { signedIn, passwordWorks, admin } = calls(ctx);
    const sms = () => vendor.current!;
    /** Asks for a reset code and waits for it to arrive (it is sent after the answer). */
    const resetCode = async (phone: string): Promise<string> => {
      expect(await ctx.post(SEND_CODE, { phone, purpose: 'reset' })).toMatchObject(SENT);
      await backgroundSendsSettled(ctx.db());
      return sms().lastCode(phone)!;
    };
    const reset = (phone: string, code: string, password = NEW_PASSWORD) => ctx.post(RESET_PASSWORD, { phone, code, password });

    it('sets the new password, ends every session, and signs in anew', async () => {
      const first = await signUp(ctx);
      const second = (await ctx.post(LOGIN, { phone: first.phone, password: PASSWORD })).body.data;
      const code = await resetCode(first.phone);
      const answer = await reset(first.phone, code);
      expect(answer.body).toMatchObject({ rspCode: 0, data: { id: first.id, phone: first.phone, welcomePoints: 0, mustChangePassword: false, hasPassword: true } });
      expect(answer.body.data).not.toHaveProperty('closingAt');
      expect(await signedIn(first.token)).toMatchObject(SIGNED_OUT);
      expect(await signedIn(second.token)).toMatchObject(SIGNED_OUT);
      expect((await signedIn(answer.body.data.token)).body.rspCode).toBe(0);
      expect(await passwordWorks(first.phone, PASSWORD)).toBe(false);
      expect(await passwordWorks(first.phone, NEW_PASSWORD)).toBe(true);
      // One use.
      expect(await reset(first.phone, code, 'another123')).toMatchObject(GONE);
    });

    it('signs an account in cooling-off in with its closing date, and leaves the closing as it is', async () => {
      const { phone } = await signUp(ctx);
      const closingAt = new Date(clock + 10 * 24 * 60 * MINUTE);
      await ctx.db().update(users).set({ closingAt }).where(eq(users.phone, phone));
      const answer = await reset(phone, await resetCode(phone));
      expect(answer.body).toMatchObject({ rspCode: 0, data: { phone, closingAt: closingAt.getTime() } });
      const [row] = await ctx.db().select({ closingAt: users.closingAt }).from(users).where(eq(users.phone, phone));
      expect(row?.closingAt?.getTime()).toBe(closingAt.getTime());
    });

    it('lifts a lockout of wrong passwords', async () => {
      const { phone } = await signUp(ctx);
      for (let i = 0; i < 5; i++) await ctx.post(LOGIN, { phone, password: 'wrong-one-1' });
      expect((await ctx.post(LOGIN, { phone, password: PASSWORD })).status).toBe(429);
      expect((await reset(phone, await resetCode(phone))).body.rspCode).toBe(0);
      expect(await passwordWorks(phone, NEW_PASSWORD)).toBe(true);
    });

    it('refuses a wrong, an expired and a login code; a weak password costs no try', async () => {
      const { phone } = await signUp(ctx);
      const code = await resetCode(phone);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expect(await reset(phone, wrong)).toMatchObject(failure(1, '验证码错误'));
      expect(await reset(phone, code, 'abcdefgh')).toMatchObject(failure(2, '密码须为 8-32 位，同时包含字母和数字，且不能包含手机号'));
      expect(await reset(phone, code, `a${phone}`)).toMatchObject({ body: { rspCode: 2 } });
      advance(5 * MINUTE + 1000);
      expect(await reset(phone, code)).toMatchObject(GONE);
      // A code sent for login does not reset.
      advance(MINUTE);
      expect(await ctx.post(SEND_CODE, { phone, purpose: 'login' })).toMatchObject(SENT);
      expect(await reset(phone, sms().lastCode(phone)!)).toMatchObject(GONE);
      expect(await passwordWorks(phone, PASSWORD)).toBe(true);
    });

    it('resets once from the right code sent many times at once, with different passwords', async () => {
      const { phone } = await signUp(ctx);
      const code = await resetCode(phone);
      const passwords = Array.from({ length: 6 }, (_, i) => `parallel${i}x`);
      const answers = await Promise.all(passwords.map((password) => reset(phone, code, password)));
      const won = answers.flatMap((a, i) => (a.body.rspCode === 0 ? [passwords[i]!] : []));
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.body.rspMsg === '验证码已失效，请重新获取')).toHaveLength(5);
      for (const password of passwords) expect(await passwordWorks(phone, password)).toBe(password === won[0]);
    });

    it('answers a reset code request before the vendor has sent it, for a registered phone as for an unknown one', async () => {
      const { phone: known } = await signUp(ctx);
      const unknown = uniquePhone();
      const open = sms().hold();
      try {
        // With the vendor held, the answer for the registered phone cannot wait for it.
        const answers = [await ctx.post(SEND_CODE, { phone: known, purpose: 'reset' }), await ctx.post(SEND_CODE, { phone: unknown, purpose: 'reset' })];
        expect(answers[0]).toMatchObject(SENT);
        expect(answers[1]!.body).toEqual(answers[0]!.body);
        expect(sms().sent.filter((s) => s.phone === known)).toHaveLength(0);
      } finally {
        open();
      }
      await backgroundSendsSettled(ctx.db());
      expect(sms().sent.filter((s) => s.phone === known)).toHaveLength(1);
      expect(sms().sent.filter((s) => s.phone === unknown)).toHaveLength(0);
    });

    it('an account made by a code has no password until it sets one; a code sign-in voids a one-time password', async () => {
      const phone = uniquePhone();
      await ctx.post(SEND_CODE, { phone, purpose: 'login' });
      const made = await ctx.post(LOGIN, { phone, code: sms().lastCode(phone)! });
      expect(made.body).toMatchObject({ rspCode: 0, data: { hasPassword: false, mustChangePassword: false } });
      expect((await ctx.post(CHANGE_PASSWORD, { token: made.body.data.token, newPassword: NEW_PASSWORD })).body.rspCode).toBe(0);

      const oneTime = (await admin('reset_password', { phone })).body.data.password as string;
      advance(MINUTE + 1000);
      await ctx.post(SEND_CODE, { phone, purpose: 'login' });
      const byCode = await ctx.post(LOGIN, { phone, code: sms().lastCode(phone)! });
      expect(byCode.body).toMatchObject({ rspCode: 0, data: { hasPassword: false, mustChangePassword: false } });
      expect((await signedIn(byCode.body.data.token)).body.rspCode).toBe(0);
      expect(await passwordWorks(phone, oneTime)).toBe(false);
    });

    it('lets the user ask again at once when the vendor refused a code sent after the answer', async () => {
      const { phone } = await signUp(ctx);
      sms().scripted.push({ code: 'FailedOperation.InsufficientBalanceInSmsPackage', message: '套餐包余量不足' });
      expect(await ctx.post(SEND_CODE, { phone, purpose: 'reset' })).toMatchObject(SENT);
      await backgroundSendsSettled(ctx.db());
      expect(sms().sent.filter((s) => s.phone === phone)).toHaveLength(0);
      // Its places were given back (no 429), and the refused code never checks.
      const code = await resetCode(phone);
      expect((await reset(phone, code)).body.rspCode).toBe(0);
    });
  },
  env,
);

describeEngines(
  '修改密码, 退出所有设备 and one-time passwords',
  (ctx: EngineContext) => {
    const { signedIn, passwordWorks, admin } = calls(ctx);
    const change = (token: string, body: Record<string, unknown>) => ctx.post(CHANGE_PASSWORD, { token, ...body });

    it('changes the password and ends every other session; this one goes on', async () => {
      const me = await signUp(ctx);
      const other = (await ctx.post(LOGIN, { phone: me.phone, password: PASSWORD })).body.data;
      const answer = await change(me.token, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(answer.body).toEqual({ rspCode: 0, rspMsg: '成功', data: { ...me, hasPassword: true } });
      expect((await signedIn(me.token)).body.rspCode).toBe(0);
      expect(await signedIn(other.token)).toMatchObject(SIGNED_OUT);
      expect(await passwordWorks(me.phone, PASSWORD)).toBe(false);
      expect(await passwordWorks(me.phone, NEW_PASSWORD)).toBe(true);
    });

    it('asks for the old password, counts wrong ones with login’s, and checks the rule', async () => {
      const me = await signUp(ctx);
      expect(await change(me.token, { newPassword: NEW_PASSWORD })).toMatchObject(failure(2, '请输入原密码'));
      expect(await change(me.token, { oldPassword: PASSWORD, newPassword: 'short1' })).toMatchObject({ body: { rspCode: 2 } });
      expect(await change(me.token, { oldPassword: PASSWORD, newPassword: `x${me.phone}` })).toMatchObject({ body: { rspCode: 2 } });
      const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => change(me.token, { oldPassword: `guess${i}xx`, newPassword: NEW_PASSWORD })));
      expect(guesses.filter((g) => g.body.rspMsg === '原密码错误')).toHaveLength(5);
      expect(guesses.filter((g) => g.status === 429)).toHaveLength(3);
      // The phone is locked for login too, and the right old password waits for the window.
      expect((await ctx.post(LOGIN, { phone: me.phone, password: PASSWORD })).status).toBe(429);
      expect((await change(me.token, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(429);
      advance(15 * MINUTE + 1000);
      expect((await change(me.token, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD })).body.rspCode).toBe(0);
    });

    it('of two changes at once from two sessions, the second finds its session ended', async () => {
      const a = await signUp(ctx);
      const b = (await ctx.post(LOGIN, { phone: a.phone, password: PASSWORD })).body.data;
      const answers = await Promise.all([change(a.token, { oldPassword: PASSWORD, newPassword: 'fromphonea1' }), change(b.token, { oldPassword: PASSWORD, newPassword: 'fromphoneb1' })]);
      expect(answers.map((x) => x.body.rspCode).sort()).toEqual([0, 6]);
      const winner = answers[0]!.body.rspCode === 0 ? 'fromphonea1' : 'fromphoneb1';
      expect(await passwordWorks(a.phone, winner)).toBe(true);
    });

    it('sets the first password of an account made by a code without an old one', async () => {
      const { user, token } = await codeAccount(ctx);
      expect((await signedIn(token)).body.data.hasPassword).toBe(false);
      const answer = await change(token, { newPassword: NEW_PASSWORD });
      expect(answer.body).toMatchObject({ rspCode: 0, data: { hasPassword: true } });
      expect(await passwordWorks(user.phone, NEW_PASSWORD)).toBe(true);
      // From now on the old one is asked for.
      expect(await change(token, { newPassword: 'another123' })).toMatchObject(failure(2, '请输入原密码'));
    });

    it('退出所有设备 ends every session, this one too', async () => {
      const me = await signUp(ctx);
      const other = (await ctx.post(LOGIN, { phone: me.phone, password: PASSWORD })).body.data;
      expect(await ctx.post(LOGOUT_ALL, { token: me.token })).toMatchObject({ status: 200, body: { rspCode: 0, data: {} } });
      expect(await signedIn(me.token)).toMatchObject(SIGNED_OUT);
      expect(await signedIn(other.token)).toMatchObject(SIGNED_OUT);
      expect(await passwordWorks(me.phone, PASSWORD)).toBe(true);
    });

    it('a one-time password signs in to nothing but setting a new password', async () => {
      const me = await signUp(ctx);
      const issued = await admin('reset_password', { phone: me.phone });
      expect(issued.body).toMatchObject({ rspCode: 0, data: { phone: me.phone, password: expect.stringMatching(/^[a-z2-9]{10}$/) } });
      const oneTime: string = issued.body.data.password;
      expect(await signedIn(me.token)).toMatchObject(SIGNED_OUT);
      expect(await passwordWorks(me.phone, PASSWORD)).toBe(false);

      const login = await ctx.post(LOGIN, { phone: me.phone, password: oneTime });
      expect(login.body).toMatchObject({ rspCode: 0, data: { mustChangePassword: true } });
      const token: string = login.body.data.token;
      expect(await signedIn(token)).toMatchObject(failure(5, '请先设置新密码'));
      expect(await ctx.post('/api/v1/video_task/query_user_task', { token, page: 1, pageSize: 10 })).toMatchObject(failure(5, '请先设置新密码'));
      expect(await change(token, { oldPassword: oneTime, newPassword: NEW_PASSWORD })).toMatchObject({ body: { rspCode: 0, data: { hasPassword: true } } });
      expect((await signedIn(token)).body.rspCode).toBe(0);
      expect(await passwordWorks(me.phone, oneTime)).toBe(false);
      expect((await ctx.post(LOGIN, { phone: me.phone, password: NEW_PASSWORD })).body.data.mustChangePassword).toBe(false);
    });

    it('users show tells an operator the balance, videos, sign-in ways; an unknown phone is 4', async () => {
      const me = await signUp(ctx);
      const shown = await admin('show', { phone: me.phone });
      expect(shown.body).toMatchObject({
        rspCode: 0,
        data: { id: me.id, phone: me.phone, points: me.createNum, hasPassword: true, mustChangePassword: false, smsLogin: false, sessions: 1, videos: { queued: 0, succeeded: 0 } },
      });
      expect(await admin('show', { phone: uniquePhone() })).toMatchObject(failure(4, '用户不存在'));
      expect(await admin('reset_password', { phone: uniquePhone() })).toMatchObject(failure(4, '用户不存在'));
      expect((await ctx.post('/admin/api/users/show', { phone: me.phone })).status).toBe(401);
    });
  },
  { ADMIN_TOKEN },
);

/** An account made by an SMS code (no password of its own), as the code sign-up leaves it. */
async function codeAccount(ctx: EngineContext) {
  const { user, token } = await signedInUser(ctx.db());
  await ctx.db().update(users).set({ hasPassword: false }).where(eq(users.id, user.id));
  return { user, token };
}

describeEngines('忘记密码 without SMS codes, and bad input', (ctx: EngineContext) => {
  it('answers that codes are not available', async () => {
    const { phone } = await signUp(ctx);
    expect(await ctx.post(RESET_PASSWORD, { phone, code: '123456', password: NEW_PASSWORD })).toMatchObject(failure(1, '短信验证码暂不可用，请使用密码登录'));
  });

  it.each([
    [RESET_PASSWORD, { phone: '12345', code: '123456', password: NEW_PASSWORD }],
    [RESET_PASSWORD, { phone: '13800138000', code: '12a456', password: NEW_PASSWORD }],
    [RESET_PASSWORD, { phone: '13800138000', code: '123456', password: 'abc\u0000defg1' }],
    [RESET_PASSWORD, { phone: '13800138000', code: '123456' }],
    [RESET_PASSWORD, { phone: '13800138000', code: '123456', password: 'x'.repeat(100_000) }],
    [CHANGE_PASSWORD, { newPassword: ['a'] }],
    [CHANGE_PASSWORD, { oldPassword: 12345678, newPassword: NEW_PASSWORD }],
    [CHANGE_PASSWORD, {}],
  ])('answers %s %j with rspCode 2 in Chinese, changing nothing', async (url, body) => {
    const me = await signUp(ctx);
    const answer = await ctx.post(url, { token: me.token, ...body });
    expect(answer.status).toBe(200);
    expect(answer.body.rspCode).toBe(2);
    expect(answer.body.rspMsg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await ctx.post(LOGIN, { phone: me.phone, password: PASSWORD })).body.rspCode).toBe(0);
  });
});
