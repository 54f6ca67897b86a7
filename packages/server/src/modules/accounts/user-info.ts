import type { UserInfo } from '@app/contract';
import type { UserRow } from '../sessions/tokens.js';

/**
 * What a sign-in answer adds for an account in 注销账号's cooling-off: when it closes, so the app
 * offers to cancel (/api/v1/account/cancel_delete). Nothing for any other account.
 */
export function closingOf(user: Pick<UserRow, 'closingAt'>): { closingAt?: number } {
  return user.closingAt ? { closingAt: user.closingAt.getTime() } : {};
}

export function toUserInfo(user: UserRow, token: string): UserInfo {
  return {
    id: String(user.id),
    phone: user.phone,
    nickname: user.nickname,
    name: user.name,
    avatar: user.avatar,
    token,
    createNum: user.points,
    expireTime: user.memberUntil?.getTime() ?? 0,
    createdAt: user.createdAt.getTime(),
    hasPassword: user.hasPassword,
  };
}
