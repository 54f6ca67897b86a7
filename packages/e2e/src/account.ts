import type { Envelope } from '@app/contract';
// Account helpers for browser tests: fresh users, activation codes from the admin command line,
// and API calls made from outside the browser (as another device or an operator would).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { postApi } from './api';
import { baseUrl, openRoute, waitForPage } from './browser';
import { ROOT } from './server';

const run = promisify(execFile);

let phones = 0;
/**
 * A phone number no other test of this run has used: the run shares one database. The time
 * part keeps two runs against one long-lived server apart as well.
 */
export function uniquePhone(): string {
  phones += 1;
  const tail = (Math.floor(Date.now() / 1000) * 100 + phones) % 1e8;
  return `139${String(tail).padStart(8, '0')}`;
}

export const TEST_PASSWORD = 'secret-123';

/** Signs up a fresh user through the 登录 page; resolves on the page the login went on to. */
export async function registerInBrowser(page: Page, phone = uniquePhone(), redirect?: string): Promise<string> {
  await openRoute(page, `/pagesA/login/index${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.locator('input[aria-label="密码"]').fill(TEST_PASSWORD);
  await page.getByText('我已阅读并同意').click();
  await page.getByRole('button', { name: '登录/注册' }).click();
  await page.waitForFunction(() => getCurrentPages().at(-1)?.route !== 'pagesA/login/index');
  await waitForPage(page);
  return phone;
}

/** The signed-in user as this browser stores it (localStorage `userInfo`). */
export function storedUser(page: Page): Promise<{ token: string; nickname: string; createNum: number; avatar: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('userInfo');
    return raw ? JSON.parse(raw) : null;
  });
}

function e2eDataDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through packages/e2e/jest.config.js');
  return dataDir;
}

/** Activation codes made with `npm run admin -- codes create` against the e2e server. */
export async function createCodes(options: { points: number; days: number; count?: number }): Promise<string[]> {
  const dataDir = e2eDataDir();
  const args = ['run', '-s', 'admin', '--', 'codes', 'create', '--points', String(options.points), '--days', String(options.days), '--count', String(options.count ?? 1)];
  const { stdout } = await run('npm', args, { cwd: ROOT, env: { ...process.env, ADMIN_URL: baseUrl(), DATA_DIR: dataDir } });
  return stdout.split('\n').map((line) => line.trim()).filter(Boolean);
}

/** An API call from outside the browser, e.g. revoking a token as another device would. */
export async function callApiOutside<T = unknown>(path: string, body: Record<string, unknown>): Promise<Envelope<T>> {
  return (await postApi<T>(baseUrl(), path, body)).answer;
}

/** Switches tab through the tab bar (0 首页, 1 创作, 2 我的) and waits for the page. */
export async function openTab(page: Page, index: number): Promise<void> {
  await page.locator('.app-tabbar .adm-tab-bar-item').nth(index).click();
  await waitForPage(page);
}

/**
 * Points granted by an operator through the admin API (what `npm run admin -- points grant` calls),
 * straight over HTTP: a test that needs many records would wait a second per command line.
 */
export async function grantPoints(phone: string, change: number, reason: string): Promise<void> {
  const token = (await readFile(path.join(e2eDataDir(), 'admin-token'), 'utf8')).trim();
  const answer = await fetch(`${baseUrl()}/admin/api/points/grant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ phone, change, reason }),
  });
  const body = (await answer.json()) as { rspCode?: number; rspMsg?: string };
  if (body.rspCode !== 0) throw new Error(`points grant failed: HTTP ${answer.status} ${JSON.stringify(body)}`);
}

/** A finger pulling the page down from (x, y) by `distance` px, as PullToRefresh expects (touch only). */
export async function pullDown(page: Page, x: number, y: number, distance: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let moved = 10; moved <= distance; moved += 10) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + moved }] });
    await page.waitForTimeout(16); // a frame per move, as a finger gives
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
