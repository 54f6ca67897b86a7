import type { FailureCode } from '@app/contract';

/**
 * A business answer raised from deep inside a module ("积分不足", "激活码已被使用"): the error
 * handler turns it into an HTTP 200 envelope with this rspCode and rspMsg.
 */
export class BusinessError extends Error {
  constructor(
    readonly rspCode: FailureCode,
    readonly rspMsg: string,
  ) {
    super(rspMsg);
    this.name = 'BusinessError';
  }
}

/** Too many attempts: HTTP 429 with Retry-After (docs/api.md "Conventions"), counted in the database. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limited for ${retryAfterSeconds} s`);
    this.name = 'RateLimitedError';
  }
}
