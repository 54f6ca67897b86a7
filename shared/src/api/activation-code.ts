import { CODE_LENGTH, codeCharsValid, foldCode, RspCode, type ApiPath, type RedeemResult } from '@app/contract';
import { api } from '../request/api';
import { ApiError, NETWORK_ERROR_CODE, RequestError, SIGNED_OUT_RSP_CODE } from '../request/request';
import { session } from '../session/session-store';

export const ACTIVATE_URL = '/api/v1/activationCode/activate' satisfies ApiPath;

/**
 * What is wrong with the typed code before asking the server, or null when it may be a code (the
 * contract's format: CODE_LENGTH characters without 0 O 1 I, typed in any case, grouped with spaces or dashes).
 */
export function codeProblem(input: string): string | null {
  const code = foldCode(input);
  if (code === '') return '请输入激活码';
  if (code.length !== CODE_LENGTH) return `激活码为 ${CODE_LENGTH} 位，已输入 ${code.length} 位`;
  if (!codeCharsValid(code)) return '激活码由字母和数字组成，不含 0、O、1、I，请检查';
  return null;
}

/**
 * Redeems a code and puts the new balance and membership into the session at once, so every
 * remote shows them. Rejects as callApi does; redeemErrorText says any rejection in words.
 */
export async function activateCode(code: string): Promise<RedeemResult> {
  // hideErrorToast: the dialog says what went wrong itself, beside the code.
  const result = await api(ACTIVATE_URL, { code: code.trim() }, { hideErrorToast: true });
  session.update({ createNum: result.createNum, expireTime: result.expireTime });
  return result;
}

/** Every way a redemption can fail (docs/api.md, /api/v1/activationCode/activate), in words a user understands. */
export function redeemErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.rspCode === RspCode.notFound) return '激活码无效，请检查后重新输入';
    if (error.rspCode === SIGNED_OUT_RSP_CODE) return '登录已失效，请重新登录后兑换';
    // 5: 激活码已被使用 / 已停用 / 已过期 — the server's words name the reason.
    return error.rspMsg || '兑换失败，请重试';
  }
  if (error instanceof RequestError) {
    if (error.status === 429) {
      const msg = (error.data as { msg?: unknown } | undefined)?.msg;
      return `兑换失败次数过多，${typeof msg === 'string' && msg ? msg.replace(/^操作过于频繁，/, '') : '请稍后再试'}`;
    }
    if (error.code === NETWORK_ERROR_CODE) return '网络错误，换个网络试试';
    if (error.message === 'timeout') return '请求超时，请重试';
    // Any other answer's own msg (a 5xx says what happened and its request id), or 请求错误.
    if (error.status !== undefined) return error.message;
  }
  return '兑换失败，请重试';
}
