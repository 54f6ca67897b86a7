import { createQueryClient, PageContext, provideNavigation, session, type Navigation } from '@app/shared';
import { testUser } from '@app/shared/test/fixtures';
import { neverAnswer, sendJson, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import LoginPage from './login-page';
import { LOGIN_URL } from './login-or-register';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { toast } = jest.requireMock('@app/shared/src/ui/toast') as { toast: jest.Mock };

const signedIn = testUser({ phone: '13800138000', token: 'fresh-token' });
const nav = {
  navigateTo: jest.fn(),
  redirectTo: jest.fn(),
  reLaunch: jest.fn(),
  switchTab: jest.fn(),
  navigateBack: jest.fn(),
  getCurrentPages: jest.fn(() => []),
};

let server: TestServer;
const testServer = useTestServer();

beforeAll(() => {
  server = testServer();
  provideNavigation(nav as unknown as Navigation);
});

beforeEach(() => {
  Object.values(nav).forEach((fn) => fn.mockReset());
  for (const fn of [nav.navigateTo, nav.redirectTo, nav.reLaunch, nav.switchTab, nav.navigateBack]) fn.mockResolvedValue({ errMsg: 'ok' });
  nav.getCurrentPages.mockReturnValue([]);
});

afterEach(() => act(() => session.clear()));

function renderLogin(query: Record<string, string> = {}) {
  return render(
    <QueryClientProvider client={createQueryClient({ server: true })}>
      <PageContext.Provider value={{ id: 1, route: 'pagesA/login/index', query, active: true }}>
        <LoginPage />
      </PageContext.Provider>
    </QueryClientProvider>,
  );
}

const phone = () => screen.getByRole('textbox', { name: '手机号' }) as HTMLInputElement;
const password = () => screen.getByLabelText('密码', { selector: 'input' }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: '登录/注册' });
const said = (label: string) => screen.getByLabelText(label).textContent;

function fill(values: { phone?: string; password?: string; agree?: boolean }) {
  if (values.phone !== undefined) fireEvent.change(phone(), { target: { value: values.phone } });
  if (values.password !== undefined) fireEvent.change(password(), { target: { value: values.password } });
  if (values.agree) fireEvent.click(screen.getByText('我已阅读并同意'));
}

function answerLogin(body: unknown, status = 200) {
  server.route(LOGIN_URL, (_req, res) => sendJson(res, status, body));
}

/** The sign-in requests (the page also asks the server where its agreements are). */
const logins = () => server.received.filter((r) => r.path === LOGIN_URL);

it('validates inline in Chinese and sends nothing while the form is wrong', async () => {
  renderLogin();
  fireEvent.click(submit());
  await waitFor(() => expect(said('手机号提示')).toBe('请输入手机号'));
  expect(said('密码提示')).toBe('请输入密码');
  expect(said('协议提示')).toBe('请先阅读并同意用户协议和隐私政策');

  fill({ phone: '1380013', password: '123' });
  // Typing clears that field's message; the others stay until fixed.
  expect(said('手机号提示')).toBe('');
  fireEvent.click(submit());
  await waitFor(() => expect(said('手机号提示')).toBe('请输入正确的 11 位手机号'));
  expect(said('密码提示')).toBe('密码不能少于 6 位');

  fill({ phone: '13800138000', password: 'secret1' });
  fireEvent.click(submit());
  await waitFor(() => expect(said('协议提示')).toBe('请先阅读并同意用户协议和隐私政策'));
  expect(said('手机号提示')).toBe('');
  expect(phone().value).toBe('13800138000');
  expect(password().value).toBe('secret1');
  expect(logins()).toHaveLength(0);
});

it('keeps only the digits of a pasted phone number', () => {
  renderLogin();
  fill({ phone: '+86 138-0013-8000' });
  expect(phone().value).toBe('13800138000');
});

it('shows and hides the password', () => {
  renderLogin();
  fill({ password: 'secret1' });
  expect(password().type).toBe('password');
  fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
  expect(password().type).toBe('text');
  fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
  expect(password().type).toBe('password');
});

it('signs in: sends the phone and password once, stores and publishes the session, goes home', async () => {
  toast.mockClear();
  answerLogin({ rspCode: 0, rspMsg: '成功', data: { ...signedIn, welcomePoints: 0 } });
  renderLogin();
  fill({ phone: '13800138000', password: 'secret1', agree: true });
  fireEvent.click(submit());
  await waitFor(() => expect(nav.switchTab).toHaveBeenCalledWith({ url: '/' }));
  expect(session.get()).toEqual(signedIn);
  expect(localStorage.getItem('userInfo')).toContain('fresh-token');
  expect(logins()).toHaveLength(1);
  expect(JSON.parse(logins()[0]!.body)).toEqual({ phone: '13800138000', password: 'secret1' });
  // A sign-in is no welcome.
  expect(toast.mock.calls.filter(([text]) => String(text).includes('欢迎'))).toEqual([]);
});

it('a new account is welcomed with the points the server gave', async () => {
  toast.mockClear();
  answerLogin({ rspCode: 0, rspMsg: '成功', data: { ...signedIn, createNum: 25, welcomePoints: 25 } });
  renderLogin();
  fill({ phone: '13800138000', password: 'secret1', agree: true });
  fireEvent.click(submit());
  // Shown as the login page hands over to the next one: it outlives the page (the navigation does not close it).
  await waitFor(() => expect(toast).toHaveBeenCalledWith('欢迎！已赠送 +25 积分', 3000, { outlivesPage: true }));
  // The session is the user, not the sign-up's extra.
  expect(session.get()).toEqual({ ...signedIn, createNum: 25 });
});

it('《用户协议》 and 《隐私政策》 open the pages the server names, and reading them does not tick the box', async () => {
  renderLogin();
  const terms = screen.getByText('《用户协议》').closest('a')!;
  const privacy = screen.getByText('《隐私政策》').closest('a')!;
  // The server's own pages at once…
  expect([terms.getAttribute('href'), privacy.getAttribute('href')]).toEqual([`${server.origin}/legal/terms`, `${server.origin}/legal/privacy`]);
  expect(terms.getAttribute('target')).toBe('_blank');
  fireEvent.click(terms);
  fireEvent.click(submit());
  await waitFor(() => expect(screen.getByLabelText('协议提示').textContent).toBe('请先阅读并同意用户协议和隐私政策'));
});

it("links the operator's agreements when the server names them (TERMS_URL, PRIVACY_URL)", async () => {
  server.route('/api/v1/version/get_version_info', (_req, res) =>
    sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { version: '1.0.0', minVersion: '1.0.0', releaseNotes: '', serverVersion: '1', termsUrl: 'https://corp.example.com/terms', privacyUrl: 'https://corp.example.com/privacy', supportContact: '' } }),
  );
  renderLogin();
  await waitFor(() => expect(screen.getByText('《用户协议》').closest('a')!.getAttribute('href')).toBe('https://corp.example.com/terms'));
  expect(screen.getByText('《隐私政策》').closest('a')!.getAttribute('href')).toBe('https://corp.example.com/privacy');
});

it.each([
  [{ redirect: '/pagesA/detail/videoDetail?id=42' }, 'redirectTo', '/pagesA/detail/videoDetail?id=42'],
  [{ redirect: '/pages/my/myIndex' }, 'switchTab', '/pages/my/myIndex'],
  [{ redirect: 'https://evil.example/' }, 'switchTab', '/'],
] as const)('with %j goes on by %s to %s', async (query, method, url) => {
  answerLogin({ rspCode: 0, rspMsg: '成功', data: signedIn });
  renderLogin(query);
  fill({ phone: '13800138000', password: 'secret1', agree: true });
  fireEvent.click(submit());
  await waitFor(() => expect(nav[method]).toHaveBeenCalledWith({ url }));
});

it('coming back to the page it was opened from: back to it, not a second copy', async () => {
  answerLogin({ rspCode: 0, rspMsg: '成功', data: signedIn });
  nav.getCurrentPages.mockReturnValue([
    { id: 1, route: 'pagesA/my/pointsRecord', fullPath: '/pagesA/my/pointsRecord', options: {} },
    { id: 2, route: 'pagesA/login/index', fullPath: '/pagesA/login/index?redirect=%2FpagesA%2Fmy%2FpointsRecord', options: {} },
  ] as never);
  renderLogin({ redirect: '/pagesA/my/pointsRecord' });
  fill({ phone: '13800138000', password: 'secret1', agree: true });
  fireEvent.click(submit());
  await waitFor(() => expect(nav.navigateBack).toHaveBeenCalled());
  expect(nav.redirectTo).not.toHaveBeenCalled();
});

it('is busy while sending and never sends twice', async () => {
  server.route(LOGIN_URL, neverAnswer);
  renderLogin();
  fill({ phone: '13800138000', password: 'secret1', agree: true });
  const first = server.nextRequest();
  fireEvent.click(submit());
  fireEvent.click(submit());
  fireEvent.submit(submit().closest('form')!);
  await first;
  await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(true));
  await new Promise((r) => setTimeout(r, 50));
  expect(logins()).toHaveLength(1);
});

it.each([
  [{ rspCode: 1, rspMsg: '手机号或密码错误', data: null }, 200, '手机号或密码错误'],
  [{ msg: '操作过于频繁，请 15 分钟后再试' }, 429, '密码错误次数过多，请 15 分钟后再试'],
])('a refusal %j (HTTP %i) shows 「%s」 and keeps the form', async (body, status, text) => {
  answerLogin(body, status);
  renderLogin();
  fill({ phone: '13800138000', password: 'wrong-1', agree: true });
  fireEvent.click(submit());
  await waitFor(() => expect(said('登录结果')).toBe(text));
  expect(session.get()).toBeNull();
  expect(phone().value).toBe('13800138000');
  expect(password().value).toBe('wrong-1');
  expect(submit().hasAttribute('disabled')).toBe(false);
  expect(nav.switchTab).not.toHaveBeenCalled();
  // A second try is allowed once the first is over.
  answerLogin({ rspCode: 0, rspMsg: '成功', data: signedIn });
  fireEvent.click(submit());
  await waitFor(() => expect(session.get()).toEqual(signedIn));
});

it("states the new-password rule under the password field", () => {
  renderLogin();
  expect(said('密码规则')).toBe('注册时密码须为 8-32 位，同时包含字母和数字，且不能包含手机号');
});

it("sends a 6-character password (an existing account may have one) and shows the server's rule when the phone is new", async () => {
  const rule = '密码须为 8-32 位，同时包含字母和数字，且不能包含手机号';
  answerLogin({ rspCode: 2, rspMsg: rule, data: null });
  renderLogin();
  fill({ phone: '13800138000', password: '123456', agree: true });
  fireEvent.click(submit());
  await waitFor(() => expect(said('登录结果')).toBe(rule));
  expect(said('密码提示')).toBe('');
  expect(JSON.parse(logins()[0]!.body)).toEqual({ phone: '13800138000', password: '123456' });
  expect(session.get()).toBeNull();
  expect(password().value).toBe('123456');
});

it('back: navigateBack when a page is below, else home', () => {
  renderLogin();
  fireEvent.click(document.querySelector('.adm-nav-bar-back')!);
  expect(nav.reLaunch).toHaveBeenCalledWith({ url: '/' });
  nav.getCurrentPages.mockReturnValue([{}, {}] as never);
  fireEvent.click(document.querySelector('.adm-nav-bar-back')!);
  expect(nav.navigateBack).toHaveBeenCalled();
});

describe('with SMS codes (get_version_info smsLogin)', () => {
  const VERSION = { version: '1.0.0', minVersion: '1.0.0', releaseNotes: '', serverVersion: '1', termsUrl: '/legal/terms', privacyUrl: '/legal/privacy', supportContact: '' };
  const SEND_CODE = '/api/v1/account/send_code';
  beforeEach(() => {
    server.route('/api/v1/version/get_version_info', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { ...VERSION, smsLogin: true } }));
  });
  const codeTab = () => screen.findByRole('tab', { name: '验证码登录' });
  const sendButton = () => screen.getByRole('button', { name: /获取验证码|重新获取/ });

  it('opens on 验证码登录: sends a code for login, then counts 60 s down, disabled', async () => {
    server.route(SEND_CODE, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { msg: '验证码已发送' } }));
    renderLogin();
    expect((await codeTab()).getAttribute('aria-selected')).toBe('true');
    const code = screen.getByLabelText('验证码', { selector: 'input' }) as HTMLInputElement;
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    // No phone yet: said, nothing sent.
    fireEvent.click(sendButton());
    await waitFor(() => expect(said('手机号提示')).toBe('请输入手机号'));
    fill({ phone: '13800138000' });
    fireEvent.click(sendButton());
    await waitFor(() => expect(sendButton().textContent).toBe('60 秒后重新获取'));
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    const sent = server.received.filter((r) => r.path === SEND_CODE);
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([{ phone: '13800138000', purpose: 'login' }]);
  });

  it('after a 429 says the server’s wait (Retry-After) in Chinese and waits that long', async () => {
    server.route(SEND_CODE, (_req, res) => {
      res.writeHead(429, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After', 'Content-Type': 'application/json', 'Retry-After': '42' }).end(JSON.stringify({ msg: '操作过于频繁，请 1 分钟后再试' }));
    });
    renderLogin();
    await codeTab();
    fill({ phone: '13800138000' });
    fireEvent.click(sendButton());
    await waitFor(() => expect(said('登录结果')).toBe('获取验证码过于频繁，请 42 秒后再试'));
    expect(sendButton().textContent).toBe('42 秒后重新获取');
    expect(sendButton().hasAttribute('disabled')).toBe(true);
  });

  it('signs in with the phone and the 6-digit code, not a password', async () => {
    answerLogin({ rspCode: 0, rspMsg: '成功', data: { ...signedIn, welcomePoints: 0, mustChangePassword: false } });
    renderLogin();
    await codeTab();
    fill({ phone: '13800138000', agree: true });
    const code = screen.getByLabelText('验证码', { selector: 'input' });
    fireEvent.click(submit());
    await waitFor(() => expect(said('验证码提示')).toBe('请输入验证码'));
    fireEvent.change(code, { target: { value: '12a3 456' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    fireEvent.click(submit());
    await waitFor(() => expect(session.get()).toEqual(signedIn));
    expect(JSON.parse(logins()[0]!.body)).toEqual({ phone: '13800138000', code: '123456' });
  });

  it('密码登录 is the other tab, with 忘记密码', async () => {
    renderLogin();
    fireEvent.click(await screen.findByRole('tab', { name: '密码登录' }));
    expect(password()).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '忘记密码' }));
    expect(nav.navigateTo).toHaveBeenCalledWith({ url: '/pagesA/login/forgotPassword' });
  });
});

it('a one-time password: 设置新密码 first, the session stored only once it is replaced', async () => {
  answerLogin({ rspCode: 0, rspMsg: '成功', data: { ...signedIn, token: 'one-time-token', welcomePoints: 0, mustChangePassword: true } });
  server.route('/api/v1/account/change_password', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { ...signedIn, token: 'one-time-token' } }));
  renderLogin();
  fill({ phone: '13800138000', password: 'abcdefgh23', agree: true });
  fireEvent.click(submit());
  await screen.findByRole('heading', { name: '设置新密码' });
  expect(session.get()).toBeNull();
  fireEvent.change(screen.getByLabelText('新密码', { selector: 'input' }), { target: { value: 'mine12345' } });
  fireEvent.change(screen.getByLabelText('确认新密码', { selector: 'input' }), { target: { value: 'mine12346' } });
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  await waitFor(() => expect(said('新密码提示')).toBe('两次输入的密码不一致'));
  fireEvent.change(screen.getByLabelText('确认新密码', { selector: 'input' }), { target: { value: 'mine12345' } });
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  await waitFor(() => expect(session.get()).toEqual({ ...signedIn, token: 'one-time-token' }));
  const change = server.received.find((r) => r.path === '/api/v1/account/change_password')!;
  expect(JSON.parse(change.body)).toEqual({ token: 'one-time-token', oldPassword: 'abcdefgh23', newPassword: 'mine12345' });
  await waitFor(() => expect(nav.switchTab).toHaveBeenCalledWith({ url: '/' }));
});

it('a one-time password to an account in cooling-off: 设置新密码, then the offer to take the closing back', async () => {
  const closingAt = new Date(2026, 11, 10, 20, 59).getTime();
  answerLogin({ rspCode: 0, rspMsg: '成功', data: { ...signedIn, token: 'one-time-token', welcomePoints: 0, mustChangePassword: true, closingAt } });
  server.route('/api/v1/account/change_password', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { ...signedIn, token: 'one-time-token' } }));
  server.route('/api/v1/account/logout', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: null }));
  renderLogin();
  fill({ phone: '13800138000', password: 'abcdefgh23', agree: true });
  fireEvent.click(submit());
  await screen.findByRole('heading', { name: '设置新密码' });
  fireEvent.change(screen.getByLabelText('新密码', { selector: 'input' }), { target: { value: 'mine12345' } });
  fireEvent.change(screen.getByLabelText('确认新密码', { selector: 'input' }), { target: { value: 'mine12345' } });
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  expect(await screen.findByText('账号注销中')).toBeTruthy();
  // The session holds the account, not the closing date.
  expect(session.get()).toEqual({ ...signedIn, token: 'one-time-token' });
  fireEvent.click(screen.getAllByText('退出登录').at(-1)!);
  // Declined: signed out, back on the sign-in form, and nowhere else.
  await waitFor(() => expect(session.get()).toBeNull());
  await screen.findByRole('button', { name: '登录/注册' });
  expect(server.received.filter((r) => r.path === '/api/v1/account/logout').map((r) => JSON.parse(r.body))).toEqual([{ token: 'one-time-token' }]);
  expect(nav.switchTab).not.toHaveBeenCalled();
  expect(nav.navigateBack).not.toHaveBeenCalled();
  document.querySelectorAll('.adm-dialog').forEach((dialog) => dialog.parentElement?.remove());
});
