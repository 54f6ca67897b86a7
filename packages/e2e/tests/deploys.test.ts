import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { openTab } from '../src/account';
import { phoneContext, screenshot, useBrowserPage, waitForPage } from '../src/browser';
import { currentBuild } from '../src/builds';
import { shownPage } from '../src/create';
import { ROOT, startOwnServer, type RunningServer } from '../src/server';

// Deploys that open tabs survive. Each remote build is served from a folder of its own, so a tab
// keeps loading the build it started with — after a deploy and after a rollback — and never mixes
// two builds of one remote; a new tab gets the build the registry names; an open tab learns of the
// change at its next move and offers 新版本已就绪 · 刷新.

const ADMIN_TOKEN = 'admin-token-for-the-deploys-test';
const X = currentBuild('create');
const Y = '1.0.1-00000000b2';
const OLD_TEXT = '登录后查看你的创作';
const NEW_TEXT = '登录后查看你的创作·新构建';
let webRoot: string;
let server: RunningServer;

/**
 * Build Y of remote-create: build X's files in a folder of their own, its entry marking the page
 * (`window.__createBuild`) and 我的创作 saying NEW_TEXT.
 */
function buildY(dist: string): void {
  const dir = path.join(dist, Y);
  cpSync(path.join(dist, X), dir, { recursive: true });
  const rewrite = (file: string, change: (text: string) => string) => {
    const script = change(readFileSync(path.join(dir, file), 'utf8'));
    writeFileSync(path.join(dir, file), script);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(script));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(script));
  };
  rewrite('remoteEntry.js', (text) => `${text}\n;window.__createBuild = "Y";\n`);
  const page = readdirSync(dir).find((file) => /^__federation_expose_MyCreations\.[0-9a-f]+\.js$/.test(file));
  rewrite(page!, (text) => text.replaceAll(OLD_TEXT, NEW_TEXT));
}

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'e2e-deploys-'));
  for (const app of ['shell', 'remote-create', 'remote-account', 'remote-auth']) {
    cpSync(path.join(ROOT, app, 'dist'), path.join(webRoot, app, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.map') });
  }
  buildY(path.join(webRoot, 'remote-create', 'dist'));
  server = await startOwnServer({ WEB_ROOT: webRoot, SEED_TEMPLATES: '0', ADMIN_TOKEN });
}, 150000);

afterAll(async () => {
  await server?.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

const current = useBrowserPage();

async function registry(action: 'set' | 'rollback', body: Record<string, unknown> = {}): Promise<void> {
  const res = await fetch(`${server.url}/admin/api/remotes/create/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(await res.json()).toMatchObject({ rspCode: 0 });
}

/** What a tab asked of remote-create (paths), and every request that failed or answered an error. */
function watch(page: Page): { create: string[]; failures: string[] } {
  const seen = { create: [] as string[], failures: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/remotes/create/')) seen.create.push(url.pathname);
  });
  page.on('requestfailed', (request) => seen.failures.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) seen.failures.push(`${response.url()} HTTP ${response.status()}`);
  });
  return seen;
}

/** The folders of remote-create's builds a tab loaded files from. */
const folders = (paths: string[]) => [...new Set(paths.map((p) => p.split('/')[3]))];

async function openHome(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/`);
  await waitForPage(page);
  expect(await page.locator('.app-page[aria-hidden="false"] .app-page-error').count()).toBe(0);
}

const build = (page: Page) => page.evaluate(() => (window as { __createBuild?: string }).__createBuild ?? null);
const updateBar = (page: Page) => page.getByRole('button', { name: '新版本已就绪 · 刷新' });

describe('a deploy and a rollback with tabs open', () => {
  it('keeps each tab on the build it started with — pages not yet loaded included — while new tabs get the registry\'s, and offers 新版本已就绪', async () => {
    const first = current.page();
    const firstSeen = watch(first);
    await openHome(first);
    expect(await build(first)).toBe(null);

    // Deploy: build Y for everyone.
    await registry('set', { url: `/remotes/create/${Y}/mf-manifest.json` });

    const secondContext = await phoneContext(current.browser());
    try {
      const second = await secondContext.newPage();
      const secondSeen = watch(second);
      await openHome(second);
      expect(await build(second)).toBe('Y');
      expect(await updateBar(second).count()).toBe(0);

      // The first tab moves to a page of remote-create it has not loaded yet: build X's, from X's folder.
      await openTab(first, 1);
      await shownPage(first).getByText(OLD_TEXT, { exact: true }).waitFor();
      expect(await shownPage(first).getByText(NEW_TEXT).count()).toBe(0);
      await updateBar(first).waitFor();
      await screenshot(first, 'deploys-update-ready');
      expect(folders(firstSeen.create)).toEqual([X]);
      expect(firstSeen.create.some((p) => /__federation_expose_MyCreations/.test(p))).toBe(true);

      // Rollback to X. Y's files stay: the second tab, on Y, moves to a page it has not loaded yet.
      await registry('rollback');
      await openTab(second, 1);
      await shownPage(second).getByText(NEW_TEXT, { exact: true }).waitFor();
      await updateBar(second).waitFor();
      expect(folders(secondSeen.create)).toEqual([Y]);
      expect(secondSeen.create.some((p) => /__federation_expose_MyCreations/.test(p))).toBe(true);

      // A new tab gets X again.
      const third = await secondContext.newPage();
      const thirdSeen = watch(third);
      await openHome(third);
      expect(await build(third)).toBe(null);
      await third.close();
      expect(folders(thirdSeen.create)).toEqual([X]);

      // 刷新 restarts the tab on the registry's build.
      await Promise.all([second.waitForEvent('load'), updateBar(second).click()]);
      await waitForPage(second);
      expect(await build(second)).toBe(null);
      expect(await updateBar(second).count()).toBe(0);

      expect(firstSeen.failures).toEqual([]);
      expect(secondSeen.failures).toEqual([]);
      expect(thirdSeen.failures).toEqual([]);
    } finally {
      await secondContext.close();
    }
  }, 180000);
});
