import type { UserInfo } from '@app/contract';

/** A signed-in user for tests; pass what a test asserts on. */
export function testUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'u1',
    phone: '13800000000',
    nickname: '小明',
    name: '',
    avatar: '',
    token: 'token-1',
    createNum: 10,
    expireTime: 0,
    createdAt: 0,
    hasPassword: true,
    ...overrides,
  };
}
