import { eq } from 'drizzle-orm';
import { users } from '../../../../../src/db/schema.js';
import { backgroundSendsSettled } from '../../../../../src/modules/sms/sms-codes.js';
import { describeEngines, type EngineContext } from '../../../../helpers/engines.js';
import { startTencentSmsStandIn, type TencentSmsStandIn } from '../../../../stand-ins/tencent-sms.js';
import { ACCOUNT_INFO, failure, PASSWORD, SEND_CODE, signUp } from './account-calls.js';

const DELETE = '/api/v1/account/delete';

const vendor: { current?: TencentSmsStandIn } = {};
const env: Record<string, string> = {};
beforeAll(async () => {
  vendor.current = await startTencentSmsStandIn({ perNumberPerHour: 1000 });
  const v = vendor.current;
  Object.assign(env, { SMS_PROVIDER: 'tencent', SMS_SECRET_ID: v.secretId, SMS_SECRET_KEY: v.secretKey, SMS_SDK_APP_ID: v.sdkAppId, SMS_SIGN_NAME: v.signName, SMS_TEMPLATE_ID: v.templateId, SMS_ENDPOINT: v.url });
});
afterAll(() => vendor.current?.close());

describeEngines(
  '注销账号 confirmed by an SMS code',
  (ctx: EngineContext) => {
    const closingAt = async (id: string) => (await ctx.db().select({ at: users.closingAt }).from(users).where(eq(users.id, Number(id))))[0]!.at;

    it('says the code confirms, and takes no password instead', async () => {
      const me = await signUp(ctx);
      expect((await ctx.post('/api/v1/account/delete_info', { token: me.token })).body.data.confirmBy).toBe('code');
      expect(await ctx.post(DELETE, { token: me.token, password: PASSWORD })).toMatchObject(failure(2, '请输入验证码'));
      expect(await closingAt(me.id)).toBeNull();
    });

    it('refuses a wrong code and a code sent for signing in, then closes with the delete code', async () => {
      const me = await signUp(ctx);
      expect(await ctx.post(DELETE, { token: me.token, code: '000000' })).toMatchObject(failure(1, '验证码已失效，请重新获取'));
      expect((await ctx.post(SEND_CODE, { phone: me.phone, purpose: 'delete' })).body.rspCode).toBe(0);
      // A delete code is sent after the answer (docs/api.md, send_code): wait for it to arrive.
      await backgroundSendsSettled(ctx.db());
      const code = vendor.current!.lastCode(me.phone)!;
      const wrong = code === '999999' ? '000000' : String(Number(code) + 1).padStart(6, '0');
      expect(await ctx.post(DELETE, { token: me.token, code: wrong })).toMatchObject(failure(1, '验证码错误'));
      expect(await closingAt(me.id)).toBeNull();
      const res = await ctx.post(DELETE, { token: me.token, code });
      expect(res.body).toMatchObject({ rspCode: 0, data: { closingAt: expect.any(Number) } });
      expect((await closingAt(me.id))?.getTime()).toBe(res.body.data.closingAt);
      expect(await ctx.post(ACCOUNT_INFO, { token: me.token })).toMatchObject(failure(6, '请先登录'));
    });
  },
  env,
  { accountJobs: { disabled: true } },
);
