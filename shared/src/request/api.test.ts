import type { Quote, VersionInfo } from '@app/contract';
import { testUser } from '../../test/fixtures';
import { session } from '../session/session-store';
import { api } from './api';
import { ApiError } from './request';
import { sendJson, useTestServer, type TestServer } from './test-server';

jest.mock('../ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

let server: TestServer;
const testServer = useTestServer();

beforeAll(() => {
  server = testServer();
});

beforeEach(() => session.set(testUser({ token: 'token-7' })));

describe('api(path, body): one call of the contract', () => {
  it('POSTs the body with the token and resolves the data of the answer', async () => {
    const quote: Quote = { cost: 5, balance: 10, enough: true, voicePoints: 0 };
    server.route('/api/v1/video_task/quote', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: quote }));
    await expect(api('/api/v1/video_task/quote', { duration: 5 })).resolves.toEqual(quote);
    expect(server.received.map((r) => [r.method, r.path, JSON.parse(r.body)])).toEqual([
      ['POST', '/api/v1/video_task/quote', { token: 'token-7', duration: 5 }],
    ]);
  });

  it("uses the contract's method: the version call is a GET", async () => {
    const info: VersionInfo = { version: '1.0.0', minVersion: '1.0.0', releaseNotes: '', serverVersion: '1.0.0', termsUrl: '/legal/terms', privacyUrl: '/legal/privacy', supportContact: '', smsLogin: false };
    server.route('/api/v1/version/get_version_info', (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: info }));
    await expect(api('/api/v1/version/get_version_info', {})).resolves.toEqual(info);
    expect(server.received.map((r) => r.method)).toEqual(['GET']);
  });

  it('rejects a business answer with its rspCode and rspMsg', async () => {
    server.route('/api/v1/video_task/detail', (_req, res) => sendJson(res, 200, { rspCode: 4, rspMsg: '视频不存在' }));
    const error = await api('/api/v1/video_task/detail', { id: '9' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ rspCode: 4, rspMsg: '视频不存在' });
  });

  it('is typed by the contract (checked by npm run typecheck)', () => {
    const calls = () => [
      // @ts-expect-error a duration is a number
      api('/api/v1/video_task/quote', { duration: '5' }),
      // @ts-expect-error not a call of the contract
      api('/api/v1/video_task/nothing', {}),
      // @ts-expect-error the operators' calls are not the app's
      api('/admin/api/codes/create', { points: 1, days: 0, count: 1 }),
    ];
    expect(typeof calls).toBe('function');
  });
});
