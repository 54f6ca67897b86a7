import { createQueryClient, PageContext, provideNavigation, session, type Navigation } from '@app/shared';
import { testUser } from '@app/shared/test/fixtures';
import { sendJson, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ForgotPasswordPage, { RESET_PASSWORD_URL } from './forgot-password-page';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const VERSION = { version: '1.0.0', minVersion: '1.0.0', releaseNotes: '', serverVersion: '1', termsUrl: '/legal/terms', privacyUrl: '/legal/privacy' };
const nav = { reLaunch: jest.fn(async () => ({ errMsg: 'ok' })) };
let server: TestServer;
const testServer = useTestServer();
beforeAll(() => {
  server = testServer();
  provideNavigation(nav as unknown as Navigation);
});
afterEach(() => act(() => session.clear()));

function renderForgot(smsLogin: boolean, supportContact = '') {
  server.route('/api/v1/version/get_version_info', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { ...VERSION, smsLogin, supportContact } }));
  return render(
    <QueryClientProvider client={createQueryClient({ server: true })}>
      <PageContext.Provider value={{ id: 1, route: 'pagesA/login/forgotPassword', query: {}, active: true }}>
        <ForgotPasswordPage />
      </PageContext.Provider>
    </QueryClientProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

/** Fills the form once it shows (13800138000, `code`, the new password twice) and sends it. */
async function submitReset(code: string): Promise<void> {
  await screen.findByRole('button', { name: '重设密码' });
  type('手机号', '13800138000');
  type('验证码', code);
  type('新密码', 'again-pass1');
  type('确认新密码', 'again-pass1');
  fireEvent.click(screen.getByRole('button', { name: '重设密码' }));
}

it('without SMS codes: the operator’s contact and what happens next', async () => {
  renderForgot(false, '客服邮箱 help@example.com');
  await screen.findByText('客服邮箱 help@example.com');
  expect(screen.getByText(/一次性密码/)).toBeTruthy();
  expect(screen.queryByLabelText('验证码', { selector: 'input' })).toBeNull();
});

it('with SMS codes: phone, a reset code and the new password twice; signed in, then 我的', async () => {
  const user = testUser({ phone: '13800138000', token: 'after-reset' });
  server.route('/api/v1/account/send_code', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { msg: '验证码已发送' } }));
  server.route(RESET_PASSWORD_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { ...user, welcomePoints: 0, mustChangePassword: false } }));
  renderForgot(true);
  await screen.findByRole('button', { name: '重设密码' });
  type('手机号', '13800138000');
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  await screen.findByRole('button', { name: '60 秒后重新获取' });
  expect(server.received.filter((r) => r.path === '/api/v1/account/send_code').map((r) => JSON.parse(r.body))).toEqual([{ phone: '13800138000', purpose: 'reset' }]);
  type('验证码', '123456');
  type('新密码', 'again-pass1');
  type('确认新密码', 'again-pass1');
  fireEvent.click(screen.getByRole('button', { name: '重设密码' }));
  await waitFor(() => expect(nav.reLaunch).toHaveBeenCalledWith({ url: '/pages/my/myIndex' }));
  expect(session.get()).toEqual(user);
  const reset = server.received.find((r) => r.path === RESET_PASSWORD_URL)!;
  expect(JSON.parse(reset.body)).toEqual({ phone: '13800138000', code: '123456', password: 'again-pass1' });
});

it('an account in cooling-off: after the reset, the offer to take the closing back (撤销注销), then 我的 signed in', async () => {
  const user = testUser({ phone: '13800138000', token: 'after-reset' });
  const closingAt = new Date(2026, 11, 10, 20, 59).getTime();
  nav.reLaunch.mockClear();
  server.route('/api/v1/account/send_code', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { msg: '验证码已发送' } }));
  server.route(RESET_PASSWORD_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { ...user, welcomePoints: 0, mustChangePassword: false, closingAt } }));
  server.route('/api/v1/account/cancel_delete', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: null }));
  renderForgot(true);
  await submitReset('123456');
  expect(await screen.findByText('账号注销中')).toBeTruthy();
  expect(nav.reLaunch).not.toHaveBeenCalled();
  fireEvent.click(screen.getAllByText('撤销注销').at(-1)!);
  await waitFor(() => expect(nav.reLaunch).toHaveBeenCalledWith({ url: '/pages/my/myIndex' }));
  expect(server.received.filter((r) => r.path === '/api/v1/account/cancel_delete').map((r) => JSON.parse(r.body))).toEqual([{ token: 'after-reset' }]);
  expect(session.get()).toEqual(user);
  document.querySelectorAll('.adm-dialog').forEach((dialog) => dialog.parentElement?.remove());
});

it('says the server’s 验证码错误 under the form', async () => {
  server.route(RESET_PASSWORD_URL, (_req, res) => sendJson(res, 200, { rspCode: 1, rspMsg: '验证码错误' }));
  renderForgot(true);
  await submitReset('654321');
  await waitFor(() => expect(screen.getByLabelText('重设结果').textContent).toBe('验证码错误'));
  expect(session.get()).toBeNull();
});
