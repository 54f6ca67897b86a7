import { session } from '@app/shared';
import { sendJson, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { testUser } from '@app/shared/test/fixtures';
import { act, fireEvent, screen } from '@testing-library/react';
import { CANCEL_DELETE_URL, offerToCancelClosing } from './closing-dialog';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { toast } = jest.requireMock('@app/shared/src/ui/toast') as { toast: jest.Mock };

const LOGOUT_URL = '/api/v1/account/logout';
const closingAt = new Date(2026, 11, 10, 20, 59).getTime();

let server: TestServer;
const testServer = useTestServer();
beforeAll(() => {
  server = testServer();
});
beforeEach(() => {
  toast.mockClear();
  act(() => session.set(testUser({ token: 'closing-token' })));
  server.route(CANCEL_DELETE_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: {} }));
  server.route(LOGOUT_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: {} }));
});
afterEach(() => {
  act(() => session.clear());
  document.querySelectorAll('.adm-dialog').forEach((dialog) => dialog.parentElement?.remove());
});

const calls = (path: string) => server.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as Record<string, string>);

it('撤销注销: cancels the closing with this session and goes on signed in', async () => {
  const offered = offerToCancelClosing(closingAt);
  expect(await screen.findByText('该账号已申请注销，将于 2026-12-10 20:59 永久注销。撤销注销后可继续使用。')).toBeTruthy();
  fireEvent.click(screen.getAllByText('撤销注销').at(-1)!);
  await expect(offered).resolves.toBe(true);
  expect(calls(CANCEL_DELETE_URL)).toEqual([{ token: 'closing-token' }]);
  expect(calls(LOGOUT_URL)).toEqual([]);
  expect(session.get()?.token).toBe('closing-token');
  expect(toast).toHaveBeenCalledWith('已撤销注销，欢迎回来', 3000, { outlivesPage: true });
});

it('退出登录: ends this session and leaves the closing as it is', async () => {
  const offered = offerToCancelClosing(closingAt);
  await screen.findByText('账号注销中');
  fireEvent.click(screen.getAllByText('退出登录').at(-1)!);
  await expect(offered).resolves.toBe(false);
  expect(calls(CANCEL_DELETE_URL)).toEqual([]);
  expect(calls(LOGOUT_URL)).toEqual([{ token: 'closing-token' }]);
  expect(session.get()).toBeNull();
});
