import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import type { SmsSettings } from '../../config.js';
import { SmsVendorError, type SmsSender } from './sms-sender.js';

/**
 * Alibaba Cloud SMS (Dysmsapi 2017-05-25 `SendSms`) through the official SDK, which signs with
 * ACS3-HMAC-SHA256 (the `x-acs-*` headers and an `Authorization` header). The template's variable
 * is `${code}`. The answer's `Code` is `OK` or the reason (`isv.BUSINESS_LIMIT_CONTROL` for the
 * per-number limits, `isv.MOBILE_NUMBER_ILLEGAL`…); errors of the request itself
 * (`SignatureDoesNotMatch`, `InvalidAccessKeyId.NotFound`) come back as HTTP 4xx, thrown by the SDK.
 */
export class AliyunSms implements SmsSender {
  private readonly client: Dysmsapi;

  constructor(private readonly settings: SmsSettings) {
    const endpoint = new URL(settings.endpoint);
    this.client = new Dysmsapi(
      new $OpenApiUtil.Config({
        accessKeyId: settings.secretId,
        accessKeySecret: settings.secretKey,
        endpoint: endpoint.host,
        protocol: endpoint.protocol.replace(':', ''),
        readTimeout: 10_000,
        connectTimeout: 5_000,
      }),
    );
  }

  async sendCode(phone: string, code: string): Promise<void> {
    let answer: Awaited<ReturnType<Dysmsapi['sendSms']>>;
    try {
      answer = await this.client.sendSms(new SendSmsRequest({ phoneNumbers: phone, signName: this.settings.signName, templateCode: this.settings.templateId, templateParam: JSON.stringify({ code }) }));
    } catch (error) {
      const { code: vendorCode, message } = error as { code?: string; message?: string };
      throw new SmsVendorError(vendorCode || 'NetworkError', message ?? String(error), vendorCode === 'isv.BUSINESS_LIMIT_CONTROL');
    }
    const body = answer.body;
    if (body?.code !== 'OK') throw new SmsVendorError(body?.code ?? 'NoCode', body?.message ?? 'no Code in the answer', body?.code === 'isv.BUSINESS_LIMIT_CONTROL');
  }
}
