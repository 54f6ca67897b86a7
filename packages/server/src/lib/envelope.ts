import { RspCode, RspMsg, type Failure, type FailureCode, type Success } from '@app/contract';

/** The envelope of every API answer with HTTP 200 (docs/api.md "Conventions"), as @app/contract writes it. */
export { RspCode };

export function ok<T>(data: T): Success<T> {
  return { rspCode: RspCode.ok, rspMsg: RspMsg.ok, data };
}

export function fail(rspCode: FailureCode, rspMsg: string): Failure {
  return { rspCode, rspMsg };
}
