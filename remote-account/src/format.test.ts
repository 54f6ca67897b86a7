import { maskPhone, membershipLabel, signedPoints } from './format';

describe('account formatting', () => {
  it('masks the middle of a phone number', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('123')).toBe('123');
  });

  it('shows the membership end date, or 非会员', () => {
    const now = new Date(2026, 10, 22).getTime();
    expect(membershipLabel(0, now)).toBe('非会员');
    expect(membershipLabel(now - 1, now)).toBe('非会员');
    expect(membershipLabel(new Date(2026, 11, 31, 12).getTime(), now)).toBe('会员至 2026-12-31');
  });

  it('shows a change with its sign', () => {
    expect(signedPoints(100)).toBe('+100');
    expect(signedPoints(-5)).toBe('-5');
    expect(signedPoints(0)).toBe('0');
  });
});
