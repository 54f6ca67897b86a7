import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { openRoute, screenshot, useBrowserPage, waitForPage } from '../src/browser';
import { buildDir, currentBuild } from '../src/builds';
import { ROOT } from '../src/server';

// Each kind of load failure of a remote, faked with page.route on the real built apps (no service
// worker: it would fetch the remotes past page.route), shows its own message with the tap to retry;
// automatic retries come first; every failure is on the console and reported to the server, where
// `npm run admin -- remotes list` counts it.

const MINE = '/pages/my/myIndex';
// The account remote's current build, in its own folder (remote-account/dist/<version>-<hash>).
const BUILD = `/remotes/account/${currentBuild('account')}`;
const ENTRY = `**${BUILD}/remoteEntry.js`;
const MANIFEST = `**${BUILD}/mf-manifest.json`;
const MINE_CHUNK = `**${BUILD}/__federation_expose_Mine.*.js`;
const ACCOUNT_JS = `**${BUILD}/*.js`;

/** `npm run admin` against the run's server, with the admin token from its data directory. */
function admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // The token from the run's data directory, not one this environment may carry.
  const { ADMIN_TOKEN: _, ...inherited } = process.env;
  const env = { ...inherited, ADMIN_URL: process.env.E2E_BASE_URL, DATA_DIR: process.env.E2E_DATA_DIR };
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(ROOT, 'packages/server/dist/cli/admin.js'), ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** `remotes list`'s failures of the last hour: `remote version kind` → count. */
async function reportedFailures(): Promise<Map<string, number>> {
  const listed = await admin(['remotes', 'list']);
  expect(listed.code).toBe(0);
  const counts = new Map<string, number>();
  const [, details] = listed.stdout.split('\n\n');
  for (const row of details?.trim().split('\n').slice(2) ?? []) {
    const [remote, version, , kinds] = row.split(/\s{2,}/);
    for (const part of kinds!.split('，')) {
      const [kind, n] = part.split(' ');
      counts.set(`${remote} ${version} ${kind}`, Number(n));
    }
  }
  return counts;
}

// The run's server is shared with other files (remote-down.test.ts reports too): what this file
// adds is counted from here.
let before: Map<string, number>;
beforeAll(async () => {
  before = await reportedFailures();
});

const current = useBrowserPage({ serviceWorkers: 'block' });
let page: Page;
let consoleErrors: string[];
let requested: string[];
beforeEach(() => {
  page = current.page();
  consoleErrors = [];
  requested = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('request', (request) => requested.push(`${request.method()} ${new URL(request.url()).pathname}`));
});

const shownError = () => page.locator('.app-page[aria-hidden="false"] .app-page-error');
const count = (pattern: RegExp) => requested.filter((r) => pattern.test(r)).length;

/** Opens 我的 with the failure in place and checks the message, its kind and the console line. */
async function expectFailure(kind: string, message: string, version = '1.0.0'): Promise<void> {
  await openRoute(page, MINE);
  await expect(shownError().textContent()).resolves.toBe(message);
  await expect(shownError().getAttribute('data-kind')).resolves.toBe(kind);
  expect(consoleErrors.some((line) => line.startsWith(`remote account ${version} failed on pages/my/myIndex (${kind})`))).toBe(true);
}

/** A tap once the failure is gone loads the page, in the same document. */
async function expectRecovery(): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await shownError().click();
  await waitForPage(page);
  await expect(page.locator('.app-page[aria-hidden="false"] .ac-mine').isVisible()).resolves.toBe(true);
}

describe('a remote page that cannot load says why', () => {
  it('retries a refused entry by itself, and the page loads with no message', async () => {
    let refused = 0;
    await page.route(ENTRY, (route) => (refused++ === 0 ? route.abort('connectionrefused') : route.continue()));
    await openRoute(page, MINE);
    await expect(page.locator('.app-page[aria-hidden="false"] .ac-mine').isVisible()).resolves.toBe(true);
    expect(refused).toBe(2);
    expect(consoleErrors.filter((line) => line.startsWith('remote '))).toEqual([]);
  });

  it('a missing file (404 of a chunk, after its retries)', async () => {
    await page.route(MINE_CHUNK, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await expectFailure('missing', '页面文件找不到了（可能刚发布了新版本），点击屏幕重试');
    // The chunk asked three times (two automatic retries), then once more with HEAD to tell a 404.
    expect(count(/^GET \/remotes\/account\/[^/]+\/__federation_expose_Mine\./)).toBe(3);
    expect(count(/^HEAD \/remotes\/account\/[^/]+\/__federation_expose_Mine\./)).toBe(1);
    await screenshot(page, 'remote-error-missing');
    await expectRecovery();
  });

  it('a refused connection (the entry, after its retries)', async () => {
    await page.route(ENTRY, (route) => route.abort('connectionrefused'));
    await expectFailure('network', '无法连接服务器，请检查网络后点击屏幕重试');
    // The first try and the retry plugin's three (its loop runs retryTimes + 1 times for an entry).
    expect(count(/^GET \/remotes\/account\/[^/]+\/remoteEntry\.js/)).toBe(4);
    await expectRecovery();
  });

  it('an incompatible build: refused before its entry runs, so none of its shared modules loads', async () => {
    const manifest = JSON.parse(readFileSync(path.join(buildDir('account'), 'mf-manifest.json'), 'utf8'));
    manifest.metaData.buildInfo.buildVersion = '9.9.9';
    for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^20.0.0';
    await page.route(MANIFEST, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(manifest) }));
    await expectFailure('incompatible', '页面版本与应用不兼容，点击屏幕重试', '9.9.9');
    expect(consoleErrors.some((line) => line.includes('共享模块 react 要求 ^20.0.0，shell 提供的是 19.3.1'))).toBe(true);
    expect(count(/\/remotes\/account\/.*remoteEntry\.js/)).toBe(0);
    await screenshot(page, 'remote-error-incompatible');
    await expectRecovery();
  });

  it('a page that throws while rendering', async () => {
    // The account remote's code, served with one of 我的's texts replaced by a throw.
    await page.route(ACCOUNT_JS, async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll('"登录后查看积分和作品"', '(()=>{throw new Error("e2e: the page threw")})()');
      await route.fulfill({ response, body });
    });
    await expectFailure('crashed', '页面出错了，点击重试');
    // A tap renders it again: its module is loaded already, so it throws again, and says so again.
    const reported = page.waitForRequest('**/api/v1/remotes/report');
    await shownError().click();
    await reported;
    await expect(shownError().textContent()).resolves.toBe('页面出错了，点击重试');
    expect(consoleErrors.filter((line) => line.startsWith('remote account 1.0.0 failed on pages/my/myIndex (crashed)'))).toHaveLength(2);
    await screenshot(page, 'remote-error-crashed');
  });

  it('a time-out (no answer from the entry in time), with the seed’s words', async () => {
    // The product waits 60 s (shell/src/app/page-loader.ts); the page's address asks for 10 s here.
    await page.route(ENTRY, () => undefined);
    await page.goto(`${process.env.E2E_BASE_URL}/?loadTimeoutMs=10000#${MINE}`);
    await shownError().waitFor({ timeout: 30000 });
    await expect(shownError().textContent()).resolves.toBe('连接服务器超时，点击屏幕重试');
    await expect(shownError().getAttribute('data-kind')).resolves.toBe('timeout');
    // The entry was never read, so its version is unknown.
    expect(consoleErrors.some((line) => line.startsWith('remote account 1.0.0 failed on pages/my/myIndex (timeout)'))).toBe(true);
  });

  it('every failure above reached the server: remotes list counts them per version and kind', async () => {
    const after = await reportedFailures();
    const added = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    expect(
      ['文件不存在', '连不上', '页面出错', '超时'].map((kind) => added(`account 1.0.0 ${kind}`)),
    ).toEqual([1, 1, 2, 1]);
    expect(added('account 9.9.9 不兼容')).toBe(1);
  });
});
