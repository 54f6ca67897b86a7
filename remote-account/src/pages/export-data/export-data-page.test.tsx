import { session } from '@app/shared';
import { sendJson, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { testUser } from '@app/shared/test/fixtures';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../test-page';
import { EXPORT_STATUS_URL, EXPORT_URL } from './export-data';
import ExportDataPage from './export-data-page';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const ok = (data: unknown) => ({ rspCode: 0, rspMsg: '成功', data });
const none = { status: 'none', url: '', expiresAt: 0, size: 0 };
const ready = { status: 'ready', url: '/api/v1/account/export_file?id=9&expires=1&sig=ab', expiresAt: new Date(2026, 10, 26, 9, 30).getTime(), size: 3 * 1024 * 1024 };

let server: TestServer;
const testServer = useTestServer();
beforeAll(() => {
  server = testServer();
});
beforeEach(() => act(() => session.set(testUser())));
afterEach(() => act(() => session.clear()));

it('signed out: asks to sign in', () => {
  act(() => session.clear());
  renderPage(<ExportDataPage />, 'pagesA/my/exportData');
  expect(screen.getByText('登录后导出数据')).toBeTruthy();
});

it('asks for an export, shows 正在准备 while the server prepares it, then the link', async () => {
  let status: unknown = none;
  server.route(EXPORT_STATUS_URL, (_req, res) => sendJson(res, 200, ok(status)));
  server.route(EXPORT_URL, (_req, res) => {
    status = { ...none, status: 'preparing' };
    sendJson(res, 200, ok(status));
  });
  renderPage(<ExportDataPage />, 'pagesA/my/exportData');
  expect(await screen.findByText('尚未导出')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '导出我的数据' }));
  expect(await screen.findByText(/正在准备/)).toBeTruthy();
  expect(screen.queryByRole('link', { name: '下载 zip' })).toBeNull();
  // The page asks again while preparing (every 3 s; waited for with a wide margin, not timed): the server's next answer is the ready export.
  status = ready;
  await waitFor(() => expect(screen.getByText('已就绪（3.0 MB），2026-11-26 09:30 前有效')).toBeTruthy(), { timeout: 20_000 });
  // On the API's host (serverHref), which the tests' request layer points at its test server.
  expect(screen.getByRole('link', { name: '下载 zip' }).getAttribute('href')!.endsWith(ready.url)).toBe(true);
  expect(screen.getByRole('button', { name: '重新导出' })).toBeTruthy();
}, 30_000);

it('says a failed export failed, and offers to try again', async () => {
  server.route(EXPORT_STATUS_URL, (_req, res) => sendJson(res, 200, ok({ ...none, status: 'failed' })));
  renderPage(<ExportDataPage />, 'pagesA/my/exportData');
  expect(await screen.findByText('导出失败，请重新导出')).toBeTruthy();
  expect(screen.getByRole('button', { name: '重新导出' })).toBeTruthy();
});
