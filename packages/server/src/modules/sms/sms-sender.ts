/** What sends a code by SMS (Tencent Cloud or Alibaba Cloud, through their SDKs: ./tencent.ts, ./aliyun.ts). */
export interface SmsSender {
  /** Sends `code` to the mainland number `phone` (11 digits), or throws SmsVendorError. */
  sendCode(phone: string, code: string): Promise<void>;
}

/**
 * The vendor refused or could not be reached. `vendorCode` is the vendor's own (for the log: it
 * names the cause, e.g. a template not yet approved); `rateLimited` marks the vendor's own per-phone
 * limits, which the user hears about differently. Never carries a key.
 */
export class SmsVendorError extends Error {
  constructor(
    readonly vendorCode: string,
    message: string,
    readonly rateLimited: boolean,
  ) {
    super(message);
    this.name = 'SmsVendorError';
  }
}
