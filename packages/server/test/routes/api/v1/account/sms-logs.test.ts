import { buildTestApp } from '../../../../helpers/build-test-app.js';
import { uniquePhone } from '../../../../helpers/engines.js';
import { removeTempDirs } from '../../../../helpers/temp-dirs.js';
import { startTencentSmsStandIn } from '../../../../stand-ins/tencent-sms.js';
import { LOGIN, SEND_CODE } from './account-calls.js';

/** The SMS keys and the codes never reach the log, not even when the vendor refuses (its reason is logged). */
it('logs SMS calls and the vendor’s refusals, but neither a key nor a code', async () => {
  const vendor = await startTencentSmsStandIn();
  const { app, logs } = await buildTestApp({
    LOG_LEVEL: 'trace',
    SMS_PROVIDER: 'tencent',
    SMS_SECRET_ID: vendor.secretId,
    SMS_SECRET_KEY: vendor.secretKey,
    SMS_SDK_APP_ID: vendor.sdkAppId,
    SMS_SIGN_NAME: vendor.signName,
    SMS_TEMPLATE_ID: vendor.templateId,
    SMS_ENDPOINT: vendor.url,
  });
  try {
    const post = async (url: string, payload: Record<string, unknown>) => (await app.inject({ method: 'POST', url, payload })).json();
    const phone = uniquePhone();
    expect((await post(SEND_CODE, { phone, purpose: 'login' })).rspCode).toBe(0);
    const code = vendor.lastCode(phone)!;
    expect((await post(LOGIN, { phone, code })).rspCode).toBe(0);
    vendor.scripted.push({ code: 'FailedOperation.InsufficientBalanceInSmsPackage', message: '套餐包余量不足' });
    expect(await post(SEND_CODE, { phone: uniquePhone(), purpose: 'login' })).toEqual({ rspCode: 1, rspMsg: '短信发送失败，请稍后再试' });

    const lines = logs();
    expect(lines.some((line) => line.msg === 'sms vendor refused a code' && line.vendorCode === 'FailedOperation.InsufficientBalanceInSmsPackage')).toBe(true);
    const text = JSON.stringify(lines);
    for (const secret of [vendor.secretKey, code]) expect(text).not.toContain(secret);
  } finally {
    await app.close();
    await vendor.close();
    removeTempDirs();
  }
}, 60_000);
