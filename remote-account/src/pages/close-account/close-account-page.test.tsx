import { provideNavigation, session, type Navigation } from '@app/shared';
import { sendJson, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { testUser } from '@app/shared/test/fixtures';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../test-page';
import { DELETE_INFO_URL, DELETE_URL, SEND_CODE_URL } from './close-account';
import CloseAccountPage from './close-account-page';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const user = testUser({ phone: '13800138000' });
const nav = { reLaunch: jest.fn(async () => ({ errMsg: 'reLaunch:ok' })) };
const summary = (confirmBy: 'code' | 'password') => ({ createNum: 42, videos: 3, pointsRecords: 7, exchangeRecords: 1, days: 15, confirmBy });

let server: TestServer;
const testServer = useTestServer();
beforeAll(() => {
  server = testServer();
  provideNavigation(nav as unknown as Navigation);
});
beforeEach(() => {
  nav.reLaunch.mockClear();
  act(() => session.set(user));
});
afterEach(() => {
  act(() => session.clear());
  // The confirm dialogs render outside the component's root.
  document.querySelectorAll('.adm-dialog').forEach((dialog) => dialog.parentElement?.remove());
});

const bodiesOf = (path: string) => server.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as Record<string, string>);
const ok = (data: unknown) => ({ rspCode: 0, rspMsg: '成功', data });

async function confirm() {
  fireEvent.click(screen.getByRole('button', { name: '申请注销' }));
  await screen.findByText('确定注销账号吗？');
  fireEvent.click(screen.getAllByRole('button', { name: '确定注销' }).at(-1)!);
}

it('lists the balance, the videos and the records the user is about to lose', async () => {
  server.route(DELETE_INFO_URL, (_req, res) => sendJson(res, 200, ok(summary('password'))));
  renderPage(<CloseAccountPage />, 'pagesA/my/closeAccount');
  expect(await screen.findByText('42 积分')).toBeTruthy();
  expect(screen.getByText('3 个')).toBeTruthy();
  expect(screen.getByText('7 条')).toBeTruthy();
  expect(screen.getByText(/15 天冷静期/)).toBeTruthy();
});

it('with SMS: sends the delete code to the own phone, then closes with it and signs out', async () => {
  server.route(DELETE_INFO_URL, (_req, res) => sendJson(res, 200, ok(summary('code'))));
  server.route(SEND_CODE_URL, (_req, res) => sendJson(res, 200, ok({ msg: '验证码已发送' })));
  server.route(DELETE_URL, (_req, res) => sendJson(res, 200, ok({ closingAt: Date.now() + 15 * 86_400_000 })));
  renderPage(<CloseAccountPage />, 'pagesA/my/closeAccount');
  fireEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
  await screen.findByRole('button', { name: /秒后重新获取/ });
  expect(bodiesOf(SEND_CODE_URL)).toEqual([{ token: user.token, phone: '13800138000', purpose: 'delete' }]);
  fireEvent.change(screen.getByRole('textbox', { name: '验证码' }), { target: { value: '12a3456' } });
  await confirm();
  await waitFor(() => expect(session.get()).toBeNull());
  expect(bodiesOf(DELETE_URL)).toEqual([{ token: user.token, code: '123456' }]);
  expect(nav.reLaunch).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/my/myIndex' }));
});

it("shows the server's refusal and keeps the session", async () => {
  server.route(DELETE_INFO_URL, (_req, res) => sendJson(res, 200, ok(summary('password'))));
  server.route(DELETE_URL, (_req, res) => sendJson(res, 200, { rspCode: 1, rspMsg: '密码错误', data: null }));
  renderPage(<CloseAccountPage />, 'pagesA/my/closeAccount');
  fireEvent.click(await screen.findByRole('button', { name: '申请注销' }));
  expect(screen.getByLabelText('注销结果').textContent).toBe('请输入密码');
  fireEvent.change(screen.getByLabelText('密码', { selector: 'input' }), { target: { value: 'not-mine-1' } });
  await confirm();
  await waitFor(() => expect(screen.getByLabelText('注销结果').textContent).toBe('密码错误'));
  expect(session.get()?.token).toBe(user.token);
  expect(nav.reLaunch).not.toHaveBeenCalled();
});
