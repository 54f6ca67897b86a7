import type { UserInfo } from '@app/contract';
import type { UserRow } from '../sessions/tokens.js';

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
