// 首页 on a fresh data folder: while the built-in templates' samples are made, the gallery says
// 模板准备中, and fills by itself once they are ready — no reload.
import type { Page } from 'playwright-core';
import { openRoute, screenshot, useBrowserPage } from '../src/browser';
import { shownPage } from '../src/create';
import { startOwnServer, type RunningServer } from '../src/server';

let server: RunningServer;
beforeAll(async () => {
  // A server of this file's own, on a fresh data folder: its samples are pending when it answers.
  server = await startOwnServer();
}, 150000);
afterAll(async () => {
  await server?.stop();
});

const current = useBrowserPage();
let page: Page;
beforeEach(() => {
  page = current.page();
});

it('首页 says 模板准备中 while the samples are made, then shows the templates by itself', async () => {
  const pending = (await (await fetch(`${server.url}/api/v1/sysVideo/list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 1, pageSize: 50 }) })).json()) as {
    data?: { pending?: number; list?: unknown[] };
  };
  expect(pending.data?.list ?? []).toEqual([]);
  expect(pending.data?.pending).toBeGreaterThan(0);

  await openRoute(page, '/');
  const preparing = shownPage(page).getByText('模板准备中', { exact: true });
  await preparing.waitFor();
  await screenshot(page, 'gallery-preparing');
  // A mark on this document: a reload would take it away.
  await page.evaluate(() => ((window as { stillThisDocument?: boolean }).stillThisDocument = true));

  await shownPage(page).locator('.cr-template-card').first().waitFor({ timeout: 180000 });
  expect(await page.evaluate(() => (window as { stillThisDocument?: boolean }).stillThisDocument)).toBe(true);
  expect(await preparing.count()).toBe(0);
  await screenshot(page, 'gallery-filled');
}, 240000);
