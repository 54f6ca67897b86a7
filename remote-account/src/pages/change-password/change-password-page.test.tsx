import { provideNavigation, session, toast, type Navigation } from '@app/shared';
import { sendJson, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { testUser } from '@app/shared/test/fixtures';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../test-page';
import { CHANGE_PASSWORD_URL } from './change-password';
import ChangePasswordPage from './change-password-page';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const nav = { navigateBack: jest.fn(async () => ({ errMsg: 'ok' })) };
let server: TestServer;
const testServer = useTestServer();
beforeAll(() => {
  server = testServer();
  provideNavigation(nav as unknown as Navigation);
});
beforeEach(() => {
  jest.mocked(toast).mockClear();
  nav.navigateBack.mockClear();
});
afterEach(() => act(() => session.clear()));

const input = (label: string) => screen.queryByLabelText(label, { selector: 'input' }) as HTMLInputElement | null;
const type = (label: string, value: string) => fireEvent.change(input(label)!, { target: { value } });
const said = () => screen.getByLabelText('密码提示').textContent;
const sent = () => server.received.filter((r) => r.path === CHANGE_PASSWORD_URL).map((r) => JSON.parse(r.body) as Record<string, string>);

it('asks for the old password, checks the rule and the repetition, sends, and goes back', async () => {
  act(() => session.set(testUser({ phone: '13800138000', token: 't1', hasPassword: true })));
  server.route(CHANGE_PASSWORD_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: testUser({ phone: '13800138000', token: 't1', nickname: '新' }) }));
  renderPage(<ChangePasswordPage />, 'pagesA/my/changePassword');
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  await waitFor(() => expect(said()).toBe('请输入原密码'));
  type('原密码', 'old-pass1');
  type('新密码', 'short1');
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  await waitFor(() => expect(said()).toBe('密码须为 8-32 位，同时包含字母和数字，且不能包含手机号'));
  type('新密码', 'new-pass12');
  type('确认新密码', 'new-pass13');
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  await waitFor(() => expect(said()).toBe('两次输入的新密码不一致'));
  expect(sent()).toEqual([]);
  type('确认新密码', 'new-pass12');
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  await waitFor(() => expect(nav.navigateBack).toHaveBeenCalled());
  expect(sent()).toEqual([{ token: 't1', oldPassword: 'old-pass1', newPassword: 'new-pass12' }]);
  expect(session.get()?.nickname).toBe('新');
  expect(toast).toHaveBeenCalledWith('密码已修改，其他设备上的登录已退出', 3000, { outlivesPage: true });
});

it('shows the server’s refusal under the form and stays', async () => {
  act(() => session.set(testUser({ phone: '13800138000', token: 't1' })));
  server.route(CHANGE_PASSWORD_URL, (_req, res) => sendJson(res, 200, { rspCode: 1, rspMsg: '原密码错误' }));
  renderPage(<ChangePasswordPage />, 'pagesA/my/changePassword');
  type('原密码', 'wrong-pass1');
  type('新密码', 'new-pass12');
  type('确认新密码', 'new-pass12');
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  await waitFor(() => expect(said()).toBe('原密码错误'));
  expect(nav.navigateBack).not.toHaveBeenCalled();
});

it('an account made by an SMS code sets its first password without an old one', async () => {
  act(() => session.set(testUser({ phone: '13800138000', token: 't1', hasPassword: false })));
  server.route(CHANGE_PASSWORD_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: testUser({ token: 't1', hasPassword: true }) }));
  renderPage(<ChangePasswordPage />, 'pagesA/my/changePassword');
  expect(input('原密码')).toBeNull();
  type('新密码', 'first-pass1');
  type('确认新密码', 'first-pass1');
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  await waitFor(() => expect(nav.navigateBack).toHaveBeenCalled());
  expect(sent()).toEqual([{ token: 't1', newPassword: 'first-pass1' }]);
  expect(toast).toHaveBeenCalledWith('密码已设置，其他设备上的登录已退出', 3000, { outlivesPage: true });
});
