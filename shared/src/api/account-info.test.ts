import { testUser } from '../../test/fixtures';
import { ApiError } from '../request/request';
import { sendJson, useTestServer, type TestServer } from '../request/test-server';
import { session } from '../session/session-store';
import { showToast } from '../ui/toast';
import { ACCOUNT_INFO_URL, refreshAccountInfo } from './account-info';

jest.mock('../ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const stored = testUser({ nickname: '旧昵称' });

let server: TestServer;

const testServer = useTestServer();

beforeAll(() => {
  server = testServer();
});

beforeEach(() => {
  jest.mocked(showToast).mockClear();
  session.set(stored);
});

it('rspCode 0: replaces the stored user info with data', async () => {
  const fresh = { ...stored, nickname: '新昵称', createNum: 25 };
  server.route(ACCOUNT_INFO_URL, (_req, res) =>
    sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: fresh }),
  );
  await expect(refreshAccountInfo()).resolves.toEqual(fresh);
  expect(session.get()).toEqual(fresh);
  const call = server.received[0]!;
  expect(call.method).toBe('POST');
  expect(JSON.parse(call.body)).toEqual({ token: 'token-1' });
});

it('account info with non-zero rspCode: toasts rspMsg, keeps the user info, rejects', async () => {
  server.route(ACCOUNT_INFO_URL, (_req, res) =>
    sendJson(res, 200, { rspCode: 1, rspMsg: '账号已被停用', data: null }),
  );
  await expect(refreshAccountInfo()).rejects.toBeInstanceOf(ApiError);
  expect(showToast).toHaveBeenCalledTimes(1);
  expect(showToast).toHaveBeenCalledWith('账号已被停用');
  expect(session.get()).toEqual(stored);
});

it('rspCode 6: signed out by the request wrapper, without a toast', async () => {
  server.route(ACCOUNT_INFO_URL, (_req, res) =>
    sendJson(res, 200, { rspCode: 6, rspMsg: '请先登录', data: null }),
  );
  await expect(refreshAccountInfo()).rejects.toMatchObject({ rspCode: 6 });
  expect(session.get()).toBeNull();
  expect(showToast).not.toHaveBeenCalled();
});

it('signed out: resolves null without asking the server', async () => {
  session.clear();
  await expect(refreshAccountInfo()).resolves.toBeNull();
  expect(server.received).toHaveLength(0);
});
