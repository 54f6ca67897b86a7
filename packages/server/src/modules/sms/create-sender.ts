import type { SmsSettings } from '../../config.js';
import { AliyunSms } from './aliyun.js';
import type { SmsSender } from './sms-sender.js';
import { TencentSms } from './tencent.js';

/** The sender SMS_PROVIDER names. */
export function createSmsSender(settings: SmsSettings): SmsSender {
  return settings.provider === 'tencent' ? new TencentSms(settings) : new AliyunSms(settings);
}
