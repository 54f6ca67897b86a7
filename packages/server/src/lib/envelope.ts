/**
 * The answer envelope of every API call with HTTP 200 (docs/api.md "Conventions").
 * `rspCode` 0 is success; the others are business outcomes the app shows as `rspMsg`.
 */
export const RspCode = {
  ok: 0,
  failed: 1,
  invalidParam: 2,
  notEnoughPoints: 3,
  notFound: 4,
  notAllowed: 5,
  notSignedIn: 6,
} as const;
export type FailureCode = Exclude<(typeof RspCode)[keyof typeof RspCode], 0>;

export interface Success<T> {
  rspCode: 0;
  rspMsg: string;
  data: T;
}

/** A failure carries no `data` (docs/api.md "Conventions" writes it as `{ rspCode: 2, rspMsg: '…' }`). */
export interface Failure {
  rspCode: FailureCode;
  rspMsg: string;
}

export type Envelope<T> = Success<T> | Failure;

export function ok<T>(data: T): Success<T> {
  return { rspCode: RspCode.ok, rspMsg: '成功', data };
}

export function fail(rspCode: FailureCode, rspMsg: string): Failure {
  return { rspCode, rspMsg };
}

/**
 * The response schema of an enveloped answer around `data`. `data` is optional so a
 * failure (e.g. a validation error sent through the same route) serializes too.
 */
export function envelopeSchema(data: Record<string, unknown>) {
  return {
    type: 'object',
    required: ['rspCode', 'rspMsg'],
    properties: {
      rspCode: { type: 'integer', description: '0 成功；1 失败；2 参数错误；3 积分不足；4 不存在；5 状态不允许；6 未登录' },
      rspMsg: { type: 'string' },
      data,
    },
  } as const;
}
