import type { ExchangeRecord } from '@app/contract';
import { session } from '@app/shared';
import { sendJson, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { testUser } from '@app/shared/test/fixtures';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderPage, useListBottomAlwaysNear } from '../../test-page';
import ExchangeRecordsPage from './exchange-records-page';
import { EXCHANGE_RECORDS_URL } from './exchange-records';
import { emptyKindAround } from '@app/shared/test/empty-state';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const at = new Date(2026, 10, 22, 9, 30).getTime();
const record = (id: number, code: string, points: number, days: number): ExchangeRecord => ({ id: String(id), code, points, days, createdAt: at });
const page = (list: ExchangeRecord[], n: number, hasMore: boolean) => ({ rspCode: 0, rspMsg: '成功', data: { list, total: 3, page: n, pageSize: 20, hasMore } });

let server: TestServer;
const testServer = useTestServer();
useListBottomAlwaysNear();

beforeAll(() => {
  server = testServer();
});

beforeEach(() => {
  act(() => session.set(testUser()));
});

afterEach(() => act(() => session.clear()));

it('signed out: asks to sign in', () => {
  act(() => session.clear());
  renderPage(<ExchangeRecordsPage />);
  expect(emptyKindAround(screen.getByText('登录后查看兑换记录'))).toBe('signed-out');
  expect(server.received).toHaveLength(0);
});

it('every redeemed code, masked, with what it granted and when, page after page', async () => {
  server.route(EXCHANGE_RECORDS_URL, (req, res) => {
    const n = (JSON.parse(req.body) as { page: number }).page;
    sendJson(res, 200, n === 1 ? page([record(3, 'ABCD********WXYZ', 100, 30), record(2, 'EFGH********2345', 50, 0)], 1, true) : page([record(1, 'JKLM********6789', 0, 7)], 2, false));
  });
  renderPage(<ExchangeRecordsPage />);
  expect(await screen.findByText('JKLM********6789')).toBeTruthy();
  expect(screen.getAllByLabelText('激活码').map((c) => c.textContent)).toEqual(['ABCD********WXYZ', 'EFGH********2345', 'JKLM********6789']);
  expect(screen.getByText('100 积分 + 会员 30 天')).toBeTruthy();
  expect(screen.getByText('50 积分')).toBeTruthy();
  expect(screen.getByText('会员 7 天')).toBeTruthy();
  expect(screen.getAllByText('2026-11-22 09:30')).toHaveLength(3);
  expect(screen.getByText('没有更多了')).toBeTruthy();
});

it('empty: says there is nothing yet', async () => {
  server.route(EXCHANGE_RECORDS_URL, (_req, res) => sendJson(res, 200, page([], 1, false)));
  renderPage(<ExchangeRecordsPage />);
  expect(emptyKindAround(await screen.findByText('暂无兑换记录'))).toBe('records');
});

it('failed: says why, and 重新加载 asks again', async () => {
  server.route(EXCHANGE_RECORDS_URL, (_req, res) => sendJson(res, 200, { rspCode: 1, rspMsg: '账号已被停用', data: null }));
  renderPage(<ExchangeRecordsPage />);
  expect(await screen.findByText('账号已被停用')).toBeTruthy();
  server.route(EXCHANGE_RECORDS_URL, (_req, res) => sendJson(res, 200, page([record(1, 'ABCD********WXYZ', 100, 0)], 1, false)));
  fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
  expect(await screen.findByText('ABCD********WXYZ')).toBeTruthy();
});
