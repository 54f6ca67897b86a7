import { provideNavigation, session, setLocale, type Navigation } from '@app/shared';
import { sendJson, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { testUser } from '@app/shared/test/fixtures';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LOGOUT_URL } from './logout';
import MinePage from './mine-page';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const user = testUser({ phone: '13800138000', createNum: 110 });
const nav = { navigateTo: jest.fn(() => Promise.resolve({ errMsg: 'navigateTo:ok' })), switchTab: jest.fn(() => Promise.resolve({ errMsg: 'switchTab:ok' })) };

let server: TestServer;
const testServer = useTestServer();

beforeAll(() => {
  server = testServer();
  provideNavigation(nav as unknown as Navigation);
  setLocale('zh-Hans'); // the confirm's buttons
  // The kit's dialogs render in roots of their own, which update outside act() as in a browser:
  // tests wait for what they expect instead of having React warn about every such update.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

beforeEach(() => {
  nav.navigateTo.mockClear();
});

afterEach(() => {
  act(() => session.clear());
  // The confirm dialogs render outside the component's root.
  document.querySelectorAll('.adm-dialog').forEach((dialog) => dialog.parentElement?.remove());
});

async function confirmSignOut(button = '确定') {
  fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
  await screen.findByText('确定要退出登录吗？');
  fireEvent.click(screen.getAllByText(button).at(-1)!);
}

describe('我的', () => {
  it('signed out: offers 登录/注册 (coming back here) and hides the personal entries', () => {
    render(<MinePage />);
    expect(screen.getByText('未登录')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '登录/注册' }));
    expect(nav.navigateTo).toHaveBeenCalledWith({ url: '/pagesA/login/index?redirect=%2Fpages%2Fmy%2FmyIndex' });
    expect(screen.queryByText('积分记录')).toBeNull();
    expect(screen.queryByText('兑换激活码')).toBeNull();
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    expect(screen.getByText('关于')).toBeTruthy();
  });

  it('signed in: nickname, masked phone, balance and membership, updated live', () => {
    act(() => session.set(user));
    render(<MinePage />);
    expect(screen.getByText('小明')).toBeTruthy();
    expect(screen.getByText('138****8000')).toBeTruthy();
    expect(screen.getByLabelText('积分余额').textContent).toBe('110');
    expect(screen.getByText('非会员')).toBeTruthy();
    act(() => session.update({ createNum: 210, expireTime: new Date(2099, 0, 2, 12).getTime(), nickname: '新名字' }));
    expect(screen.getByLabelText('积分余额').textContent).toBe('210');
    expect(screen.getByText('会员至 2099-01-02')).toBeTruthy();
    expect(screen.getByText('新名字')).toBeTruthy();
    act(() => session.clear());
    expect(screen.getByText('未登录')).toBeTruthy();
    expect(screen.queryByText('210')).toBeNull();
  });

  it('opens its records, profile and about pages, and the redeem dialog', async () => {
    act(() => session.set(user));
    render(<MinePage />);
    for (const [entry, url] of [
      ['积分记录', '/pagesA/my/pointsRecord'],
      ['兑换记录', '/pagesA/my/exchangeRecords'],
      ['个人资料', '/pagesA/my/profile'],
      ['关于', '/pages/about/about'],
    ]) {
      fireEvent.click(screen.getByText(entry!));
      expect(nav.navigateTo).toHaveBeenLastCalledWith({ url });
    }
    fireEvent.click(screen.getByText('兑换激活码'));
    expect(await screen.findByPlaceholderText('请输入 16 位激活码')).toBeTruthy();
  });

  it('我的创作 switches to the 创作 tab', () => {
    act(() => session.set(user));
    render(<MinePage />);
    fireEvent.click(screen.getByText('我的创作'));
    expect(nav.switchTab).toHaveBeenLastCalledWith({ url: '/pages/create/create' });
  });

  it('退出登录 after the confirm: revokes the token on the server, then clears the session', async () => {
    server.route(LOGOUT_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: {} }));
    act(() => session.set(user));
    render(<MinePage />);
    await confirmSignOut();
    await waitFor(() => expect(screen.getByText('未登录')).toBeTruthy());
    expect(server.received.map((r) => [r.path, JSON.parse(r.body)])).toEqual([[LOGOUT_URL, { token: 'token-1' }]]);
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('退出登录 clears the session even when the server call fails', async () => {
    server.route(LOGOUT_URL, (_req, res) => sendJson(res, 500, { msg: '服务器出错了' }));
    act(() => session.set(user));
    render(<MinePage />);
    await confirmSignOut();
    await waitFor(() => expect(session.get()).toBeNull());
    expect(screen.getByText('未登录')).toBeTruthy();
  });

  it('退出登录 cancelled: still signed in, nothing sent', async () => {
    act(() => session.set(user));
    render(<MinePage />);
    await confirmSignOut('取消');
    await new Promise((r) => setTimeout(r, 50));
    expect(session.get()).toEqual(user);
    expect(server.received).toHaveLength(0);
  });
});
