import { toUserInfo } from '../../../src/modules/accounts/user-info.js';
import type { UserRow } from '../../../src/modules/sessions/tokens.js';

const row: UserRow = {
  id: 42,
  phone: '13800138000',
  passwordHash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==',
  nickname: '用户8000',
  name: '张三',
  avatar: '/files/users/42/a.png',
  points: 15,
  memberUntil: new Date('2030-01-02T03:04:05.678Z'),
  closingAt: null,
  closedAt: null,
  createdAt: new Date('2024-05-06T07:08:09.010Z'),
  hasPassword: true,
  passwordMustChange: false,
};

describe('toUserInfo', () => {
  it('maps a user row to the UserInfo of docs/api.md: id as a string, times in ms, the token included', () => {
    expect(toUserInfo(row, 'the-token')).toEqual({
      id: '42',
      phone: '13800138000',
      nickname: '用户8000',
      name: '张三',
      avatar: '/files/users/42/a.png',
      token: 'the-token',
      createNum: 15,
      expireTime: Date.parse('2030-01-02T03:04:05.678Z'),
      createdAt: Date.parse('2024-05-06T07:08:09.010Z'),
      hasPassword: true,
    });
  });

  it('answers expireTime 0 for someone never a member', () => {
    expect(toUserInfo({ ...row, memberUntil: null }, 't').expireTime).toBe(0);
  });

  it('says when the account has no password of its own (made by an SMS code)', () => {
    expect(toUserInfo({ ...row, hasPassword: false }, 't').hasPassword).toBe(false);
  });

  it('never carries the password hash', () => {
    expect(JSON.stringify(toUserInfo(row, 't'))).not.toContain('scrypt');
  });
});
