import type { PointsRecord } from '@app/contract';
import { session } from '@app/shared';
import { neverAnswer, sendJson, useTestServer, type TestServer } from '@app/shared/src/request/test-server';
import { testUser } from '@app/shared/test/fixtures';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage, useListBottomAlwaysNear } from '../../test-page';
import PointsRecordPage from './points-record-page';
import { POINTS_RECORDS_URL } from './points-records';
import { emptyKindAround } from '@app/shared/test/empty-state';

jest.mock('@app/shared/src/ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const user = testUser({ createNum: 105 });
const record = (id: number, change: number, balance: number, title: string): PointsRecord => ({
  id: String(id),
  change,
  balance,
  type: change > 0 ? 'redeem' : 'generate',
  title,
  taskId: '',
  createdAt: new Date(2026, 10, 22, 8, 5).getTime(),
});
const page = (list: PointsRecord[], pageNo: number, hasMore: boolean) => ({
  rspCode: 0,
  rspMsg: '成功',
  data: { list, total: 99, page: pageNo, pageSize: 20, hasMore },
});

let server: TestServer;
const testServer = useTestServer();

useListBottomAlwaysNear();

beforeAll(() => {
  server = testServer();
});

beforeEach(() => {
  act(() => session.set(user));
});

afterEach(() => act(() => session.clear()));

/** Answers each page number from `pages`; records which were asked. */
function answerPages(pages: Record<number, unknown>) {
  server.route(POINTS_RECORDS_URL, (req, res) => {
    const { page: n } = JSON.parse(req.body) as { page: number };
    sendJson(res, 200, pages[n] ?? page([], n, false));
  });
}
const askedPages = () => server.received.map((r) => JSON.parse(r.body) as { page: number; pageSize: number; token: string });

it('signed out: asks to sign in, and asks the server nothing', () => {
  act(() => session.clear());
  renderPage(<PointsRecordPage />);
  expect(screen.getByText('登录后查看积分记录')).toBeTruthy();
  expect(server.received).toHaveLength(0);
});

it('loading, then every record: title, time, the signed change in colour, the balance after it', async () => {
  answerPages({ 1: page([record(3, 100, 105, '兑换激活码'), record(2, -5, 5, '生成视频「海边」'), record(1, 10, 10, '注册赠送')], 1, false) });
  renderPage(<PointsRecordPage />);
  expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
  await screen.findByText('兑换激活码');
  const changes = screen.getAllByLabelText('积分变动');
  expect(changes.map((c) => c.textContent)).toEqual(['+100', '-5', '+10']);
  expect(changes.map((c) => c.className)).toEqual([expect.stringContaining('ac-gain'), expect.stringContaining('ac-spend'), expect.stringContaining('ac-gain')]);
  expect(screen.getByText('余额 105')).toBeTruthy();
  expect(screen.getByText('余额 5')).toBeTruthy();
  expect(screen.getAllByText('2026-11-22 08:05')).toHaveLength(3);
  expect(askedPages()[0]).toEqual({ token: 'token-1', page: 1, pageSize: 20 });
  expect(screen.getByText('没有更多了')).toBeTruthy();
});

it('loads the next page near the bottom, showing a record the pages both hold once', async () => {
  answerPages({
    1: page([record(4, 100, 120, '兑换激活码'), record(3, 5, 20, '活动奖励')], 1, true),
    // A record added meanwhile shifted the offsets: record 3 comes again.
    2: page([record(3, 5, 20, '活动奖励'), record(2, 5, 15, '补偿')], 2, false),
  });
  renderPage(<PointsRecordPage />);
  await screen.findByText('补偿');
  expect(askedPages().map((p) => p.page)).toEqual([1, 2]);
  expect(screen.getAllByText('活动奖励')).toHaveLength(1);
  expect(screen.getByText('没有更多了')).toBeTruthy();
});

it('empty: says there is nothing yet', async () => {
  answerPages({ 1: page([], 1, false) });
  renderPage(<PointsRecordPage />);
  expect(emptyKindAround(await screen.findByText('暂无积分记录'))).toBe('records');
  expect(screen.getByText('积分的每一次变动都会记录在这里')).toBeTruthy();
});

it('failed: says why and retries on request', async () => {
  server.route(POINTS_RECORDS_URL, (_req, res) => sendJson(res, 500, { msg: '服务器出错了，请稍后重试' }));
  renderPage(<PointsRecordPage />);
  expect(await screen.findByText('加载失败')).toBeTruthy();
  expect(screen.getByText('服务器出错了，请稍后重试')).toBeTruthy();
  answerPages({ 1: page([record(1, 10, 10, '注册赠送')], 1, false) });
  fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
  expect(await screen.findByText('注册赠送')).toBeTruthy();
});

it('a later page that fails offers the kit retry line, and retrying loads it', async () => {
  let failNext = true;
  server.route(POINTS_RECORDS_URL, (req, res) => {
    const { page: n } = JSON.parse(req.body) as { page: number };
    if (n === 2 && failNext) return sendJson(res, 502, { msg: '网关错误' });
    sendJson(res, 200, n === 1 ? page([record(2, 5, 15, '第一页')], 1, true) : page([record(1, 10, 10, '第二页')], 2, false));
  });
  renderPage(<PointsRecordPage />);
  await screen.findByText('第一页');
  const retry = await screen.findByText('重新加载');
  failNext = false;
  fireEvent.click(retry);
  expect(await screen.findByText('第二页')).toBeTruthy();
});

it('a new balance (a code redeemed elsewhere) reloads the list', async () => {
  answerPages({ 1: page([record(1, 10, 10, '注册赠送')], 1, false) });
  renderPage(<PointsRecordPage />);
  await screen.findByText('注册赠送');
  answerPages({ 1: page([record(2, 100, 110, '兑换激活码'), record(1, 10, 10, '注册赠送')], 1, false) });
  act(() => session.update({ createNum: 110 }));
  expect(await screen.findByText('兑换激活码')).toBeTruthy();
});

it('signed out while open (rspCode 6 anywhere): the records give way to the sign-in prompt', async () => {
  server.route(POINTS_RECORDS_URL, neverAnswer);
  renderPage(<PointsRecordPage />);
  act(() => session.clear());
  await waitFor(() => expect(screen.getByText('登录后查看积分记录')).toBeTruthy());
  expect(screen.queryByRole('status', { name: '加载中' })).toBeNull();
});
