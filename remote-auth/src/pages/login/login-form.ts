import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_RULE, PHONE_PATTERN } from '@app/contract';
import { ApiError, NETWORK_ERROR_CODE, RequestError } from '@app/shared';

/**
 * The contract's rules for /api/v1/account/login_or_register: a mainland mobile number; a password of
 * PASSWORD_MIN..PASSWORD_MAX characters, what any existing account's password has. Only the server
 * knows whether the phone is new: a new account's password must meet PASSWORD_RULE, and the server
 * answers rspCode 2 with that rule when it does not.
 */
const PHONE = new RegExp(PHONE_PATTERN);

/** The rule for a new account's password, shown under the password field: the server's own words. */
export const NEW_ACCOUNT_PASSWORD_RULE = `注册时${PASSWORD_RULE}`;

export interface LoginForm {
  phone: string;
  password: string;
  /** The SMS code (验证码登录). */
  code: string;
  agreed: boolean;
}

/** 验证码登录 (the default when the server sends codes) or 密码登录. */
export type LoginMode = 'code' | 'password';

export type LoginField = keyof LoginForm;
export type LoginProblems = Partial<Record<LoginField, string>>;

/** What is wrong with the phone, in Chinese, or undefined. */
export function phoneProblem(phone: string): string | undefined {
  if (phone === '') return '请输入手机号';
  if (!PHONE.test(phone)) return '请输入正确的 11 位手机号';
  return undefined;
}

/** What is wrong with a 6-digit SMS code, or undefined. */
export function codeProblem(code: string): string | undefined {
  if (code === '') return '请输入验证码';
  if (!/^\d{6}$/.test(code)) return '验证码为 6 位数字';
  return undefined;
}

/** What is wrong with each field the mode sends, in Chinese; empty when the form may be sent. */
export function validateLogin(form: LoginForm, mode: LoginMode = 'password'): LoginProblems {
  const problems: LoginProblems = {};
  problems.phone = phoneProblem(form.phone);
  if (mode === 'code') problems.code = codeProblem(form.code);
  else {
    const length = [...form.password].length;
    if (length === 0) problems.password = '请输入密码';
    else if (length < PASSWORD_MIN) problems.password = `密码不能少于 ${PASSWORD_MIN} 位`;
    else if (length > PASSWORD_MAX) problems.password = `密码不能超过 ${PASSWORD_MAX} 位`;
  }
  if (!form.agreed) problems.agreed = '请先阅读并同意用户协议和隐私政策';
  return Object.fromEntries(Object.entries(problems).filter(([, v]) => v !== undefined));
}

/** Why the server said no, as the line under the form shows it. */
export function loginErrorText(error: unknown, wrongTries = '密码错误'): string {
  if (error instanceof ApiError) return error.rspMsg || '登录失败，请重试';
  if (error instanceof RequestError) {
    if (error.status === 429) {
      const msg = (error.data as { msg?: unknown } | undefined)?.msg;
      const wait = typeof msg === 'string' && msg ? msg.replace(/^操作过于频繁，/, '') : '请稍后再试';
      return `${wrongTries}次数过多，${wait}`;
    }
    if (error.code === NETWORK_ERROR_CODE) return '网络错误，换个网络试试';
    if (error.message === 'timeout') return '请求超时，请重试';
    if (error.status !== undefined) return error.message;
  }
  return '登录失败，请重试';
}
