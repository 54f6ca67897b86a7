// @testing-library/dom, not /react: the dialog renders in a root of its own, outside act().
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { testUser } from '../../test/fixtures';
import { ACTIVATE_URL, redeemErrorText } from '../api/activation-code';
import { ApiError, RequestError } from '../request/request';
import { closedOrigin, sendJson, useTestServer, type TestServer } from '../request/test-server';
import { configureRequest } from '../request/config';
import { session } from '../session/session-store';
import { openRedeemDialog } from './redeem-dialog';

jest.mock('./toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const CODE = 'ABCD2345EFGH6789';
const granted = { points: 100, days: 30, createNum: 110, expireTime: new Date(2026, 11, 31, 12).getTime() };

let server: TestServer;
const testServer = useTestServer();

beforeAll(async () => {
  server = testServer();
  // What the dialog loads when first opened (kit/more and its panel), loaded here once: the first
  // test then waits for the dialog, not for jest to compile antd-mobile on a loaded machine.
  await Promise.all([import('@app/shared/kit/more'), import('./redeem-panel')]);
});

beforeEach(() => {
  session.set(testUser({ createNum: 10 }));
});

/** jsdom runs no closing animation, after which the kit would unmount a closed dialog: take it out. */
function removeDialogs(): void {
  document.querySelectorAll('.adm-dialog').forEach((dialog) => dialog.parentElement?.remove());
}

afterEach(async () => {
  // Close what a test left open (a second call would get that dialog again), then each test sees
  // only its own.
  const close = screen.queryByRole('button', { name: '取消' }) ?? screen.queryByRole('button', { name: '完成' });
  if (close) {
    await waitFor(() => expect(close.hasAttribute('disabled')).toBe(false));
    fireEvent.click(close);
  }
  removeDialogs();
});

const input = () => screen.getByRole('textbox', { name: '激活码' });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const redeemButton = () => screen.getByRole('button', { name: '兑换' });
const alertText = (text: string) => waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));

function answer(body: unknown, status = 200): void {
  server.route(ACTIVATE_URL, (_req, res) => sendJson(res, status, body));
}

it('redeems a code typed in lower case with dashes, shows the grant and the new balance, updates the session', async () => {
  answer({ rspCode: 0, rspMsg: '成功', data: granted });
  const closed = openRedeemDialog();
  await screen.findByText('兑换激活码');
  type('abcd-2345 efgh-6789');
  fireEvent.click(redeemButton());

  expect(await screen.findByText('兑换成功')).toBeTruthy();
  expect(screen.getByText('获得 100 积分')).toBeTruthy();
  expect(screen.getByText('会员延长 30 天')).toBeTruthy();
  expect(screen.getByLabelText('兑换后积分').textContent).toBe('110');
  expect(screen.getByText('会员有效期至 2026-12-31')).toBeTruthy();
  // The session holds the new numbers before the user closes the dialog.
  expect(session.get()).toMatchObject({ createNum: 110, expireTime: granted.expireTime });
  expect(JSON.parse(server.received[0]!.body)).toEqual({ token: 'token-1', code: 'abcd-2345 efgh-6789' });

  fireEvent.click(screen.getByRole('button', { name: '完成' }));
  await expect(closed).resolves.toEqual(granted);
});

it('cancel resolves null and sends nothing', async () => {
  const closed = openRedeemDialog();
  await screen.findByText('兑换激活码');
  fireEvent.click(screen.getByRole('button', { name: '取消' }));
  await expect(closed).resolves.toBeNull();
  expect(server.received).toHaveLength(0);
});

it('a second call while open gets the same dialog, not another', async () => {
  const first = openRedeemDialog();
  const second = openRedeemDialog();
  expect(second).toBe(first);
  await screen.findByText('兑换激活码');
  expect(screen.getAllByText('兑换激活码')).toHaveLength(1);
  fireEvent.click(screen.getByRole('button', { name: '取消' }));
  await expect(first).resolves.toBeNull();
  removeDialogs();
  // Closed, the next call opens a fresh one.
  expect(openRedeemDialog()).not.toBe(first);
  expect(await screen.findByRole('textbox', { name: '激活码' })).toBeTruthy();
});

it('checks the code before sending, and keeps what was typed', async () => {
  void openRedeemDialog();
  await screen.findByText('兑换激活码');
  fireEvent.click(redeemButton());
  await alertText('请输入激活码');
  type('ABCD2345');
  fireEvent.click(redeemButton());
  await alertText('激活码为 16 位，已输入 8 位');
  type('ABCD2345EFGH678O');
  fireEvent.click(redeemButton());
  await alertText('激活码由字母和数字组成，不含 0、O、1、I，请检查');
  expect((input() as HTMLInputElement).value).toBe('ABCD2345EFGH678O');
  expect(server.received).toHaveLength(0);
});

it('is busy while sending and never sends twice', async () => {
  let answerNow: () => void = () => undefined;
  server.route(ACTIVATE_URL, (_req, res) => {
    answerNow = () => sendJson(res, 200, { rspCode: 4, rspMsg: '激活码无效', data: null });
  });
  void openRedeemDialog();
  await screen.findByText('兑换激活码');
  type(CODE);
  const first = server.nextRequest();
  fireEvent.click(redeemButton());
  fireEvent.click(redeemButton());
  fireEvent.keyDown(input(), { key: 'Enter' });
  await first;
  await waitFor(() => expect(redeemButton().hasAttribute('disabled')).toBe(true));
  fireEvent.click(redeemButton());
  await new Promise((r) => setTimeout(r, 50));
  expect(server.received).toHaveLength(1);
  expect(redeemButton().getAttribute('aria-busy')).toBe('true');
  expect(screen.getByRole('button', { name: '取消' }).hasAttribute('disabled')).toBe(true);
  answerNow();
  await alertText('激活码无效，请检查后重新输入');
  expect(server.received).toHaveLength(1);
});

it.each([
  [{ rspCode: 4, rspMsg: '激活码无效', data: null }, 200, '激活码无效，请检查后重新输入'],
  [{ rspCode: 5, rspMsg: '激活码已被使用', data: null }, 200, '激活码已被使用'],
  [{ rspCode: 5, rspMsg: '激活码已过期', data: null }, 200, '激活码已过期'],
  [{ rspCode: 5, rspMsg: '激活码已停用', data: null }, 200, '激活码已停用'],
  [{ msg: '操作过于频繁，请 42 分钟后再试' }, 429, '兑换失败次数过多，请 42 分钟后再试'],
])('says %j (HTTP %i) as 「%s」 and keeps the code', async (body, status, text) => {
  answer(body, status);
  void openRedeemDialog();
  await screen.findByText('兑换激活码');
  type(CODE);
  fireEvent.click(redeemButton());
  await alertText(text);
  expect((input() as HTMLInputElement).value).toBe(CODE);
  expect(session.get()?.createNum).toBe(10);
  // Typing again clears the message.
  type(`${CODE} `);
  await alertText('');
});

it('signed out meanwhile (rspCode 6): asks to sign in again, the session is cleared', async () => {
  answer({ rspCode: 6, rspMsg: '请先登录', data: null });
  void openRedeemDialog();
  await screen.findByText('兑换激活码');
  type(CODE);
  fireEvent.click(redeemButton());
  await alertText('登录已失效，请重新登录后兑换');
  expect(session.get()).toBeNull();
});

describe('redeemErrorText', () => {
  it('network, time-out and other answers', () => {
    expect(redeemErrorText(new RequestError('网络错误，换个网络试试', { errMsg: 'request:fail', code: 602001 }))).toBe('网络错误，换个网络试试');
    expect(redeemErrorText(new RequestError('timeout', { errMsg: 'request:fail timeout' }))).toBe('请求超时，请重试');
    expect(redeemErrorText(new RequestError('请求错误', { errMsg: 'request:fail 502', status: 502 }))).toBe('请求错误');
    expect(redeemErrorText(new RequestError('', { errMsg: 'request:fail 429', status: 429 }))).toBe('兑换失败次数过多，请稍后再试');
    expect(redeemErrorText(new ApiError({ rspCode: 2, rspMsg: '激活码不能超过 64 个字' }))).toBe('激活码不能超过 64 个字');
    expect(redeemErrorText(new Error('boom'))).toBe('兑换失败，请重试');
  });
});

it('a network failure says so in the dialog', async () => {
  configureRequest({ baseURL: await closedOrigin() });
  const noise = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    void openRedeemDialog();
    await screen.findByText('兑换激活码');
    type(CODE);
    fireEvent.click(redeemButton());
    await alertText('网络错误，换个网络试试');
  } finally {
    noise.mockRestore();
    configureRequest({ baseURL: server.origin });
  }
});
