import { newPasswordProblem } from '@app/contract';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';

/** Throws rspCode 2 with the rule (@app/contract's PASSWORD_RULE) when `password` may not be set for `phone`. */
export function assertNewPassword(password: string, phone: string): void {
  const problem = newPasswordProblem(password, phone);
  if (problem !== null) throw new BusinessError(RspCode.invalidParam, problem);
}
