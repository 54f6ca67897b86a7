import { sendJson, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { fireEvent, screen } from '@testing-library/react';
import { renderPage } from '../../test-page';
import AboutPage from './about-page';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const VERSION_URL = '/api/v1/version/get_version_info';
const info = { version: '1.0.0', minVersion: '1.0.0', releaseNotes: '', serverVersion: '1.0.0+abc123', termsUrl: '/legal/terms', privacyUrl: '/legal/privacy', supportContact: '', smsLogin: false };

let server: TestServer;
const testServer = useTestServer();

beforeAll(() => {
  server = testServer();
});


it("shows the app's name and version, then the server's version from get_version_info", async () => {
  server.route(VERSION_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: info }));
  renderPage(<AboutPage />, 'pages/about/about');
  expect(screen.getByText('AI视频生成工具')).toBeTruthy();
  expect(screen.getByText('版本 1.0.0')).toBeTruthy();
  expect(screen.getByText('查询中…')).toBeTruthy();
  expect(await screen.findByText('1.0.0+abc123')).toBeTruthy();
  expect(server.received[0]?.method).toBe('GET');
});

it('the server unreachable: says so, and a tap asks again', async () => {
  server.route(VERSION_URL, (_req, res) => sendJson(res, 503, { msg: '服务暂不可用' }));
  renderPage(<AboutPage />, 'pages/about/about');
  const retry = await screen.findByText('无法连接服务器，点击重试', {}, { timeout: 5000 });
  server.route(VERSION_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: info }));
  fireEvent.click(retry);
  expect(await screen.findByText('1.0.0+abc123')).toBeTruthy();
});

it('links the agreements (the server\'s pages) and shows the contact line the server is configured with', async () => {
  server.route(VERSION_URL, (_req, res) =>
    sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: { ...info, privacyUrl: 'https://corp.example.com/privacy', supportContact: '客服邮箱 help@example.com' } }),
  );
  renderPage(<AboutPage />, 'pages/about/about');
  expect(await screen.findByText('客服邮箱 help@example.com')).toBeTruthy();
  expect(screen.getByText('联系我们')).toBeTruthy();
  expect(screen.getByText('用户协议').closest('a')!.getAttribute('href')).toBe(`${server.origin}/legal/terms`);
  expect(screen.getByText('隐私政策').closest('a')!.getAttribute('href')).toBe('https://corp.example.com/privacy');
});

it('without a contact line: no 联系我们 row', async () => {
  server.route(VERSION_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: info }));
  renderPage(<AboutPage />, 'pages/about/about');
  await screen.findByText('1.0.0+abc123');
  expect(screen.queryByText('联系我们')).toBeNull();
});
