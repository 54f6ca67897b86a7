import { eq } from 'drizzle-orm';
import { smsCodes } from '../../../../../src/db/schema.js';
import { backgroundSendsSettled } from '../../../../../src/modules/sms/sms-codes.js';
import { describeEngines, uniquePhone, type EngineContext } from '../../../../helpers/engines.js';
import { startTencentSmsStandIn, type TencentSmsStandIn } from '../../../../stand-ins/tencent-sms.js';
import { failure, LOGIN, PASSWORD, SEND_CODE, signUp } from './account-calls.js';

type Answer = { status: number; body: any; headers: Record<string, unknown> };

const SENT = { status: 200, body: { rspCode: 0, rspMsg: '成功', data: { msg: '验证码已发送' } } };
const WRONG = failure(1, '验证码错误');
const GONE = failure(1, '验证码已失效，请重新获取');
const MINUTE = 60_000;

// Only Date is faked (the clock codes and limits are read by); timers, PGlite and the sockets run as usual.
const REAL_TIMERS = ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance'] as const;
let clock = Date.now();
const advance = (ms: number) => {
  clock += ms;
  jest.setSystemTime(clock);
};

const limited = (a: Answer) => a.status === 429 && /^操作过于频繁，请 \d+ 分钟后再试$/.test(a.body.msg) && Number(a.headers['retry-after']) > 0;

const vendor: { current?: TencentSmsStandIn } = {};
const env: Record<string, string> = {};
beforeAll(async () => {
  // The stand-in's own hourly limit is out of the way: the app's limits are under test.
  vendor.current = await startTencentSmsStandIn({ perNumberPerHour: 1000 });
  const v = vendor.current;
  Object.assign(env, { SMS_PROVIDER: 'tencent', SMS_SECRET_ID: v.secretId, SMS_SECRET_KEY: v.secretKey, SMS_SDK_APP_ID: v.sdkAppId, SMS_SIGN_NAME: v.signName, SMS_TEMPLATE_ID: v.templateId, SMS_ENDPOINT: v.url, WELCOME_POINTS: '7' });
});
afterAll(() => vendor.current?.close());
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: [...REAL_TIMERS] });
  jest.setSystemTime(clock);
});
afterEach(() => {
  jest.useRealTimers();
});

describeEngines(
  'send_code and login_or_register with a code',
  (ctx: EngineContext) => {
    const sms = () => vendor.current!;
    const send = (phone: string, purpose = 'login', remoteAddress?: string) =>
      remoteAddress === undefined
        ? ctx.post(SEND_CODE, { phone, purpose })
        : ctx
            .app()
            .inject({ method: 'POST', url: SEND_CODE, payload: { phone, purpose }, remoteAddress })
            .then((res) => ({ status: res.statusCode, body: res.json(), headers: res.headers }));
    const login = (phone: string, code: string) => ctx.post(LOGIN, { phone, code });
    const sentTo = (phone: string) => sms().sent.filter((s) => s.phone === phone).length;

    it('sends a 6-digit code that signs a new phone up (with the welcome points), once', async () => {
      const phone = uniquePhone();
      expect(await send(phone)).toMatchObject(SENT);
      const code = sms().lastCode(phone)!;
      expect(code).toMatch(/^\d{6}$/);
      const signedUp = await login(phone, code);
      expect(signedUp.body).toMatchObject({ rspCode: 0, data: { phone, welcomePoints: 7, createNum: 7 } });
      // One use.
      expect(await login(phone, code)).toMatchObject(GONE);
    });

    it('signs a known phone in by code, and its password still works', async () => {
      const { phone, id } = await signUp(ctx);
      await send(phone);
      expect((await login(phone, sms().lastCode(phone)!)).body).toMatchObject({ rspCode: 0, data: { id, welcomePoints: 0 } });
      expect((await ctx.post(LOGIN, { phone, password: PASSWORD })).body.rspCode).toBe(0);
    });

    it('stores the code hashed', async () => {
      const phone = uniquePhone();
      await send(phone);
      const rows = await ctx.db().select().from(smsCodes).where(eq(smsCodes.phone, phone));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.codeHash).not.toContain(sms().lastCode(phone));
    });

    it('lets a code expire after 5 minutes', async () => {
      const phone = uniquePhone();
      await send(phone);
      advance(5 * MINUTE + 1000);
      expect(await login(phone, sms().lastCode(phone)!)).toMatchObject(GONE);
    });

    it('checks only the newest code', async () => {
      const phone = uniquePhone();
      await send(phone);
      const first = sms().lastCode(phone)!;
      advance(MINUTE + 1000);
      await send(phone);
      const second = sms().lastCode(phone)!;
      if (first !== second) expect(await login(phone, first)).toMatchObject(WRONG);
      expect((await login(phone, second)).body.rspCode).toBe(0);
    });

    it('compares at most 5 of 60 guesses sent at once; then even the right code is refused', async () => {
      const phone = uniquePhone();
      await send(phone);
      const code = sms().lastCode(phone)!;
      const guesses = Array.from({ length: 60 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(guesses.map((guess) => login(phone, guess)));
      expect(answers.filter((a) => a.body.rspMsg === '验证码错误')).toHaveLength(5);
      expect(answers.filter((a) => a.body.rspMsg === '验证码已失效，请重新获取')).toHaveLength(55);
      expect(await login(phone, code)).toMatchObject(GONE);
    });

    it('signs in at most once from the right code sent many times at once', async () => {
      const phone = uniquePhone();
      await send(phone);
      const code = sms().lastCode(phone)!;
      const answers = await Promise.all(Array.from({ length: 8 }, () => login(phone, code)));
      expect(answers.filter((a) => a.body.rspCode === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.body.rspMsg === '验证码已失效，请重新获取')).toHaveLength(7);
    });

    it('sends one SMS for a burst of 20 requests for one phone; the rest are 429', async () => {
      const phone = uniquePhone();
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(phone)));
      expect(answers.filter((a) => a.status === 200)).toEqual([expect.objectContaining(SENT)]);
      expect(answers.filter(limited)).toHaveLength(19);
      expect(sentTo(phone)).toBe(1);
    });

    it('sends one a minute, 5 an hour and 10 a day to one phone', async () => {
      const phone = uniquePhone();
      expect(await send(phone)).toMatchObject(SENT);
      expect(limited(await send(phone))).toBe(true);
      for (let i = 2; i <= 5; i += 1) {
        advance(MINUTE + 1000);
        expect(await send(phone)).toMatchObject(SENT);
      }
      advance(MINUTE + 1000);
      const sixth = await send(phone);
      expect(limited(sixth)).toBe(true);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(50 * 60);
      advance(60 * MINUTE);
      for (let i = 6; i <= 10; i += 1) {
        advance(MINUTE + 1000);
        expect(await send(phone)).toMatchObject(SENT);
      }
      advance(60 * MINUTE);
      expect(limited(await send(phone))).toBe(true);
      expect(sentTo(phone)).toBe(10);
      advance(24 * 60 * MINUTE);
      expect(await send(phone)).toMatchObject(SENT);
    });

    it('limits one client address to 30 codes an hour, all phones together (a burst of 40)', async () => {
      const address = `198.51.100.${ctx.engine === 'pglite' ? 7 : 8}`;
      const answers = await Promise.all(Array.from({ length: 40 }, () => send(uniquePhone(), 'login', address)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
      expect(answers.filter(limited)).toHaveLength(10);
      // Another address is not held up.
      expect(await send(uniquePhone(), 'login', '198.51.100.99')).toMatchObject(SENT);
    });

    it('answers the same whether or not the phone has an account; reset sends only to an account', async () => {
      const { phone: known } = await signUp(ctx);
      const unknown = uniquePhone();
      const answers = [await send(known, 'reset'), await send(unknown, 'reset')];
      expect(answers[0]!.body).toEqual(answers[1]!.body);
      expect(answers[0]).toMatchObject(SENT);
      // The code for an account goes out after the answer (password.test.ts has its timing).
      await backgroundSendsSettled(ctx.db());
      expect([sentTo(known), sentTo(unknown)]).toEqual([1, 0]);
      // …and the unknown phone's limit counted all the same.
      expect(limited(await send(unknown, 'reset'))).toBe(true);
      expect(limited(await send(known, 'reset'))).toBe(true);
    });

    it("answers a vendor's failure in Chinese without counting it against the user", async () => {
      const phone = uniquePhone();
      sms().scripted.push({ code: 'FailedOperation.InsufficientBalanceInSmsPackage', message: '套餐包余量不足' });
      expect(await send(phone)).toMatchObject(failure(1, '短信发送失败，请稍后再试'));
      // Not counted: the user may ask again at once.
      expect(await send(phone)).toMatchObject(SENT);
    });

    it("tells the vendor's own per-number limit apart", async () => {
      const phone = uniquePhone();
      sms().scripted.push({ code: 'LimitExceeded.PhoneNumberOneHourLimit', message: '单个手机号1小时内下发短信条数超过设定的上限' });
      expect(await send(phone)).toMatchObject(failure(1, '该手机号获取验证码过于频繁，请稍后再试'));
    });

    it('takes a password or a code, not both or neither', async () => {
      const phone = uniquePhone();
      expect(await ctx.post(LOGIN, { phone, password: PASSWORD, code: '123456' })).toMatchObject(failure(2, '密码和验证码只能填一个'));
      expect(await ctx.post(LOGIN, { phone })).toMatchObject(failure(2, '密码不能为空'));
      expect((await ctx.post(LOGIN, { phone, code: '12345' })).body.rspCode).toBe(2);
      expect((await ctx.post(SEND_CODE, { phone, purpose: 'other' })).body.rspCode).toBe(2);
    });
  },
  env,
);

describeEngines('SMS codes when SMS is not configured', (ctx: EngineContext) => {
  it('answers that codes are not available', async () => {
    const phone = uniquePhone();
    expect(await ctx.post(SEND_CODE, { phone, purpose: 'login' })).toMatchObject(failure(1, '短信验证码暂不可用，请使用密码登录'));
    expect(await ctx.post(LOGIN, { phone, code: '123456' })).toMatchObject(failure(1, '短信验证码暂不可用，请使用密码登录'));
  });
});
