import type { EngineContext } from '../../../../helpers/engines.js';
import { uniquePhone } from '../../../../helpers/engines.js';
import type { UserInfo } from '@app/contract';

export const LOGIN = '/api/v1/account/login_or_register';
export const ACCOUNT_INFO = '/api/v1/account/getAccountInfo';
export const CHANGE_INFO = '/api/v1/account/change_info';
export const LOGOUT = '/api/v1/account/logout';
export const SEND_CODE = '/api/v1/account/send_code';
/** Every account call that needs a token. */
export const SIGNED_IN_CALLS = [ACCOUNT_INFO, CHANGE_INFO, LOGOUT, '/api/v1/account/logout_all'] as const;

export const PASSWORD = 'secret123';

/** A new account (a fresh phone), signed in: its UserInfo. */
export async function signUp(ctx: EngineContext, phone = uniquePhone(), password = PASSWORD): Promise<UserInfo> {
  const res = await ctx.post(LOGIN, { phone, password });
  if (res.body.rspCode !== 0) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  // The session as the other calls answer it (without the sign-up's welcomePoints).
  const { welcomePoints: _given, mustChangePassword: _must, ...info } = res.body.data as UserInfo & { welcomePoints: number; mustChangePassword: boolean };
  return info;
}

/** The envelope of a failure, as the tests compare it. */
export const failure = (rspCode: number, rspMsg: string) => ({ status: 200, body: { rspCode, rspMsg } });
export const RESET_PASSWORD = '/api/v1/account/reset_password';
export const CHANGE_PASSWORD = '/api/v1/account/change_password';
export const LOGOUT_ALL = '/api/v1/account/logout_all';
