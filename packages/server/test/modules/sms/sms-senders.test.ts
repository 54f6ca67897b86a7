import type { SmsSettings } from '../../../src/config.js';
import { AliyunSms } from '../../../src/modules/sms/aliyun.js';
import { SmsVendorError } from '../../../src/modules/sms/sms-sender.js';
import { TencentSms } from '../../../src/modules/sms/tencent.js';
import { startAliyunSmsStandIn, type AliyunSmsStandIn } from '../../stand-ins/aliyun-sms.js';
import { startTencentSmsStandIn, type TencentSmsStandIn } from '../../stand-ins/tencent-sms.js';

/** The official SDKs (through modules/sms) against the stand-ins: the stand-ins' signature checks agree with the SDKs', and the senders read the vendors' answers. */
describe('Tencent Cloud SMS through tencentcloud-sdk-nodejs-sms', () => {
  let vendor: TencentSmsStandIn;
  beforeAll(async () => {
    vendor = await startTencentSmsStandIn({ perNumberPerHour: 2 });
  });
  afterAll(() => vendor.close());

  const settings = (over: Partial<SmsSettings> = {}): SmsSettings => ({
    provider: 'tencent',
    secretId: vendor.secretId,
    secretKey: vendor.secretKey,
    sdkAppId: vendor.sdkAppId,
    signName: vendor.signName,
    templateId: vendor.templateId,
    endpoint: vendor.url,
    ...over,
  });
  const vendorError = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as SmsVendorError);

  it('sends the code as the template parameter, signed with TC3-HMAC-SHA256', async () => {
    await new TencentSms(settings()).sendCode('13800138000', '042917');
    expect(vendor.sent.at(-1)).toMatchObject({ phone: '13800138000', params: ['042917'] });
    expect(vendor.outcomes.at(-1)).toBe('Ok');
  });

  it('is refused with a wrong key: the stand-in really checks the signature', async () => {
    const error = await vendorError(new TencentSms(settings({ secretKey: 'not-the-key' })).sendCode('13800138001', '111111'));
    expect(error).toBeInstanceOf(SmsVendorError);
    expect(error).toMatchObject({ vendorCode: 'AuthFailure.SignatureFailure', rateLimited: false });
    expect(await vendorError(new TencentSms(settings({ secretId: 'AKIDunknown' })).sendCode('13800138001', '111111'))).toMatchObject({ vendorCode: 'AuthFailure.SecretIdNotFound' });
    expect(vendor.sent.some((s) => s.phone === '13800138001')).toBe(false);
  });

  it("reads a number's refusal: the hourly limit is a rate limit, an unapproved template is not", async () => {
    const sender = new TencentSms(settings());
    await sender.sendCode('13800138002', '000001');
    await sender.sendCode('13800138002', '000002');
    expect(await vendorError(sender.sendCode('13800138002', '000003'))).toMatchObject({ vendorCode: 'LimitExceeded.PhoneNumberOneHourLimit', rateLimited: true });
    expect(await vendorError(new TencentSms(settings({ templateId: '999' })).sendCode('13800138003', '000004'))).toMatchObject({
      vendorCode: 'FailedOperation.TemplateIncorrectOrUnapproved',
      rateLimited: false,
    });
  });

  it('keeps the key out of its errors', async () => {
    const error = await vendorError(new TencentSms(settings({ endpoint: 'http://127.0.0.1:1' })).sendCode('13800138004', '000005'));
    expect(error).toBeInstanceOf(SmsVendorError);
    expect(JSON.stringify({ ...error, message: error!.message })).not.toContain(vendor.secretKey);
  });
});

describe('Alibaba Cloud SMS through @alicloud/dysmsapi20170525', () => {
  let vendor: AliyunSmsStandIn;
  beforeAll(async () => {
    vendor = await startAliyunSmsStandIn({ perNumberPerHour: 2 });
  });
  afterAll(() => vendor.close());

  const settings = (over: Partial<SmsSettings> = {}): SmsSettings => ({
    provider: 'aliyun',
    secretId: vendor.accessKeyId,
    secretKey: vendor.accessKeySecret,
    sdkAppId: undefined,
    signName: vendor.signName,
    templateId: vendor.templateCode,
    endpoint: vendor.url,
    ...over,
  });
  const vendorError = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as SmsVendorError);

  it('sends the code as ${code}, signed with ACS3-HMAC-SHA256', async () => {
    await new AliyunSms(settings()).sendCode('13900139000', '735102');
    expect(vendor.sent.at(-1)).toMatchObject({ phone: '13900139000', params: ['735102'] });
    expect(vendor.outcomes.at(-1)).toBe('OK');
  });

  it('is refused with a wrong secret or key id: the stand-in really checks the signature', async () => {
    expect(await vendorError(new AliyunSms(settings({ secretKey: 'not-the-secret' })).sendCode('13900139001', '111111'))).toMatchObject({ vendorCode: 'SignatureDoesNotMatch', rateLimited: false });
    expect(await vendorError(new AliyunSms(settings({ secretId: 'LTAIunknown' })).sendCode('13900139001', '111111'))).toMatchObject({ vendorCode: 'InvalidAccessKeyId.NotFound' });
    expect(vendor.sent.some((s) => s.phone === '13900139001')).toBe(false);
  });

  it('reads the business answers: isv.BUSINESS_LIMIT_CONTROL is a rate limit, a wrong template is not', async () => {
    const sender = new AliyunSms(settings());
    await sender.sendCode('13900139002', '000001');
    await sender.sendCode('13900139002', '000002');
    expect(await vendorError(sender.sendCode('13900139002', '000003'))).toMatchObject({ vendorCode: 'isv.BUSINESS_LIMIT_CONTROL', rateLimited: true });
    expect(await vendorError(new AliyunSms(settings({ templateId: 'SMS_0' })).sendCode('13900139003', '000004'))).toMatchObject({ vendorCode: 'isv.SMS_TEMPLATE_ILLEGAL', rateLimited: false });
  });
});
