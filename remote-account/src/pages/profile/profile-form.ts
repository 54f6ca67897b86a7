import { NAME_MAX, NICKNAME_MAX } from '@app/contract';
import { ApiError, NETWORK_ERROR_CODE, RequestError } from '@app/shared';

// The contract's limits: nickname 1..NICKNAME_MAX, name 0..NAME_MAX characters (code points), trimmed.

const length = (s: string) => [...s].length;

export interface ProfileDraft {
  nickname: string;
  name: string;
}

export function validateProfile(draft: ProfileDraft): Partial<Record<keyof ProfileDraft, string>> {
  const problems: Partial<Record<keyof ProfileDraft, string>> = {};
  const nickname = draft.nickname.trim();
  if (nickname === '') problems.nickname = '请输入昵称';
  else if (length(nickname) > NICKNAME_MAX) problems.nickname = `昵称不能超过 ${NICKNAME_MAX} 个字`;
  if (length(draft.name.trim()) > NAME_MAX) problems.name = `姓名不能超过 ${NAME_MAX} 个字`;
  return problems;
}

/** Why a save or an upload failed, in words. */
export function profileErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.rspMsg || '保存失败，请重试';
  if (error instanceof RequestError) {
    if (error.code === NETWORK_ERROR_CODE) return '网络错误，换个网络试试';
    if (error.message === 'timeout') return '请求超时，请重试';
    if (error.status !== undefined) return error.message;
  }
  // uploadImage's own errors are already in words.
  if (error instanceof Error && error.message && error.message !== 'abort') return error.message;
  return '保存失败，请重试';
}
