import type { UserInfo } from '@app/contract';
import { newPasswordProblem } from '@app/contract';
import { api, ApiError, NETWORK_ERROR_CODE, RequestError, session } from '@app/shared';

export const CHANGE_PASSWORD_URL = '/api/v1/account/change_password';
export const LOGOUT_ALL_URL = '/api/v1/account/logout_all';

export interface PasswordDraft {
  old: string;
  password: string;
  again: string;
}

/**
 * What is wrong with the form, in Chinese (the contract's PASSWORD_RULE for the new one), or ''.
 * `needsOld`: the account has a password of its own (an account made by an SMS code has none yet).
 */
export function passwordDraftProblem(draft: PasswordDraft, phone: string, needsOld: boolean): string {
  if (needsOld && draft.old === '') return '请输入原密码';
  if (draft.password === '') return '请输入新密码';
  const problem = newPasswordProblem(draft.password, phone);
  if (problem !== null) return problem;
  if (draft.again !== draft.password) return '两次输入的新密码不一致';
  return '';
}

/** docs/api.md, /api/v1/account/change_password: the other sessions end; this one goes on with the answer. */
export async function changePassword(body: { oldPassword?: string; newPassword: string }): Promise<UserInfo> {
  const userInfo = await api(CHANGE_PASSWORD_URL, body, { hideErrorToast: true });
  session.set(userInfo);
  return userInfo;
}

/** 退出所有设备 (docs/api.md, /api/v1/account/logout_all): every session ends, this one too. */
export async function logoutAll(): Promise<void> {
  await api(LOGOUT_ALL_URL, {}, { hideErrorToast: true });
  session.clear();
}

/** Why the server said no, in Chinese. */
export function passwordErrorText(error: unknown, action = '修改失败'): string {
  if (error instanceof ApiError) return error.rspMsg || `${action}，请重试`;
  if (error instanceof RequestError) {
    if (error.status === 429) {
      const msg = (error.data as { msg?: unknown } | undefined)?.msg;
      const wait = typeof msg === 'string' && msg ? msg.replace(/^操作过于频繁，/, '') : '请稍后再试';
      return `密码错误次数过多，${wait}`;
    }
    if (error.code === NETWORK_ERROR_CODE) return '网络错误，换个网络试试';
    if (error.message === 'timeout') return '请求超时，请重试';
  }
  return `${action}，请重试`;
}
