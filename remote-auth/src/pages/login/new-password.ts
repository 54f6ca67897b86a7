import type { SignInResult, UserInfo } from '@app/contract';
import { newPasswordProblem } from '@app/contract';
import { api } from '@app/shared';

export const CHANGE_PASSWORD_URL = '/api/v1/account/change_password';

/** What is wrong with a new password and its repetition, in Chinese (the contract's PASSWORD_RULE), or ''. */
export function newPasswordText(password: string, again: string, phone: string): string {
  if (password === '') return '请输入新密码';
  const problem = newPasswordProblem(password, phone);
  if (problem !== null) return problem;
  if (again !== password) return '两次输入的密码不一致';
  return '';
}

/**
 * 设置新密码 after signing in with an operator's one-time password: the session answered by
 * login_or_register (not stored yet) replaces it (docs/api.md, /api/v1/account/change_password).
 */
export function replaceOneTimePassword(signedIn: SignInResult, oneTime: string, newPassword: string): Promise<UserInfo> {
  // The token given here wins over the (absent) stored one.
  return api(CHANGE_PASSWORD_URL, { token: signedIn.token, oldPassword: oneTime, newPassword } as { oldPassword: string; newPassword: string }, { hideErrorToast: true });
}
