import type { UserRow } from '../sessions/tokens.js';

/** What the app stores as its session (docs/api.md, /api/v1/account/getAccountInfo): ids as strings, times in ms. */
export interface UserInfo {
  id: string;
  phone: string;
  nickname: string;
  name: string;
  avatar: string;
  /** Always there: the app replaces its stored session with this object (docs/api.md, /api/v1/account/getAccountInfo). */
  token: string;
  /** The points balance. */
  createNum: number;
  /** End of membership; 0 = never a member. */
  expireTime: number;
  createdAt: number;
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
  };
}
