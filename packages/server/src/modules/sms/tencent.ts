import { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { SmsSettings } from '../../config.js';
import { SmsVendorError, type SmsSender } from './sms-sender.js';

/**
 * Tencent Cloud SMS, API 3.0 `SendSms` (version 2021-01-11) through the official SDK, which signs
 * with TC3-HMAC-SHA256. A number is sent in E.164 form; the template takes the code as its one
 * parameter. The call answers 200 for a message refused per number: its `SendStatusSet[].Code` is
 * `Ok` or the reason (`LimitExceeded.PhoneNumberOneHourLimit`…); a whole-request failure
 * (`AuthFailure.SignatureFailure`…) comes back as `Response.Error`, thrown by the SDK.
 */
export class TencentSms implements SmsSender {
  private readonly client: InstanceType<typeof sms.v20210111.Client>;

  constructor(private readonly settings: SmsSettings) {
    const endpoint = new URL(settings.endpoint);
    this.client = new sms.v20210111.Client({
      credential: { secretId: settings.secretId, secretKey: settings.secretKey },
      // SMS is served from ap-guangzhou, ap-beijing and ap-nanjing alike; the region only has to be one of them.
      region: 'ap-guangzhou',
      profile: { httpProfile: { endpoint: endpoint.host, protocol: `${endpoint.protocol}//`, reqTimeout: 10 } },
    });
  }

  async sendCode(phone: string, code: string): Promise<void> {
    let answer: Awaited<ReturnType<typeof this.client.SendSms>>;
    try {
      answer = await this.client.SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: this.settings.sdkAppId!,
        SignName: this.settings.signName,
        TemplateId: this.settings.templateId,
        TemplateParamSet: [code],
      });
    } catch (error) {
      const { code: vendorCode, message } = error as { code?: string; message?: string };
      throw new SmsVendorError(vendorCode || 'NetworkError', message ?? String(error), isLimit(vendorCode));
    }
    const status = answer.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') throw new SmsVendorError(status?.Code ?? 'NoStatus', status?.Message ?? 'no SendStatusSet in the answer', isLimit(status?.Code));
  }
}

/** The per-number limits (`LimitExceeded.PhoneNumberThirtySecondLimit`, `…OneHourLimit`, `…DailyLimit`, `…SameContentDailyLimit`). */
function isLimit(code: string | undefined): boolean {
  return code?.startsWith('LimitExceeded.PhoneNumber') === true;
}
