import { testUser } from '@app/shared/test/fixtures';
import { act, render, screen } from '@testing-library/react';
import { session } from '@app/shared';
import MinePage from './mine-page';

const user = testUser({ phone: '13800138000', createNum: 110 });

describe('我的', () => {
  afterEach(() => act(() => session.clear()));

  it('signed out: offers 登录/注册 and hides the personal entries', () => {
    render(<MinePage />);
    expect(screen.getByText('未登录')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录/注册' })).toBeTruthy();
    expect(screen.queryByText('积分记录')).toBeNull();
    expect(screen.getByText('关于')).toBeTruthy();
  });

  it('signed in: nickname, masked phone, balance and membership, updated live', () => {
    act(() => session.set(user));
    render(<MinePage />);
    expect(screen.getByText('小明')).toBeTruthy();
    expect(screen.getByText('138****8000')).toBeTruthy();
    expect(screen.getByLabelText('积分余额').textContent).toBe('110');
    expect(screen.getByText('非会员')).toBeTruthy();
    expect(screen.getByText('积分记录')).toBeTruthy();
    act(() => session.update({ createNum: 210 }));
    expect(screen.getByLabelText('积分余额').textContent).toBe('210');
    act(() => session.clear());
    expect(screen.getByText('未登录')).toBeTruthy();
    expect(screen.queryByText('210')).toBeNull();
  });
});
