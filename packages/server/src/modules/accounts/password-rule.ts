import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { refusedCharMessage } from '../../lib/schemas.js';

/** The rule for a new password, as rspMsg says it (the 登录 page, remote-auth, shows the same words). */
export const PASSWORD_RULE = '密码须为 8-32 位，同时包含字母和数字，且不能包含手机号';

const MIN = 8;
const MAX = 32;

/**
 * Why `password` may not become the password of the account of `phone`, or null if it may:
 * 8–32 characters (code points), at least one Latin letter and one digit, the phone number not in
 * it, and none of the characters text fields refuse (lib/schemas). Only a password being set is
 * held to this; signing in takes whatever password the account has (older ones may be weaker).
 */
export function newPasswordProblem(password: string, phone: string): string | null {
  const refused = refusedCharMessage(password);
  if (refused !== null) return `密码${refused}`;
  const length = [...password].length;
  const weak = length < MIN || length > MAX || !/[A-Za-z]/.test(password) || !/[0-9]/.test(password) || password.includes(phone);
  return weak ? PASSWORD_RULE : null;
}

/** Throws rspCode 2 with the rule when `password` may not be set for `phone`. */
export function assertNewPassword(password: string, phone: string): void {
  const problem = newPasswordProblem(password, phone);
  if (problem !== null) throw new BusinessError(RspCode.invalidParam, problem);
}
