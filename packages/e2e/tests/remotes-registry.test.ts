import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { phoneContext, screenshot, useBrowserPage, waitForPage } from '../src/browser';
import { relabelledAccountBuild } from '../src/builds';
import { shownPage } from '../src/create';
import { ROOT, startServer, type RunningServer } from '../src/server';
import { serveFolder, type StaticHost } from '../src/static-host';

// A remote team ships a new build of remote-account to its own host (another origin), and
// `npm run admin -- remotes set` moves the app to it: a fresh tab gets the new build, with the
// server never restarted and no request failing — neither the tabs' nor /remotes.json's meanwhile.

const ADMIN_TOKEN = 'admin-token-for-the-registry-browser-test';
const NEW_LABEL = '应用版本·新构建';
let app: RunningServer;
let buildDir: string;
let host: StaticHost;
let hostOrigin: string;

function admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(ROOT, 'packages/server/dist/cli/admin.js'), ...args], { env: { ...process.env, ADMIN_URL: app.url, ADMIN_TOKEN } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  buildDir = relabelledAccountBuild(NEW_LABEL, '1.0.1');
  host = await serveFolder(buildDir);
  hostOrigin = host.origin;
  app = await startServer({ SEED_TEMPLATES: '0', ADMIN_TOKEN });
}, 150000);

afterAll(async () => {
  await app?.stop();
  await host?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

const current = useBrowserPage();

/** Every request of a tab that failed or answered an error. */
function failuresOf(page: Page): string[] {
  const failures: string[] = [];
  page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.url()} HTTP ${response.status()}`);
  });
  return failures;
}

async function openAbout(page: Page): Promise<void> {
  await page.goto(`${app.url}/#/pages/about/about`);
  await waitForPage(page);
  await shownPage(page).getByText('服务器版本').waitFor();
}

describe('npm run admin -- remotes set, without a restart', () => {
  it('moves a fresh tab to the new build of a remote, and no request fails meanwhile', async () => {
    const first = current.page();
    const firstFailures = failuresOf(first);
    await openAbout(first);
    await shownPage(first).getByText('应用版本', { exact: true }).waitFor();

    // /remotes.json asked over and over while the change goes through: every answer a 200.
    let polling = true;
    const polled: number[] = [];
    const poll = (async () => {
      while (polling) {
        polled.push((await fetch(`${app.url}/remotes.json?device=e2e-device-0001`)).status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const set = await admin(['remotes', 'set', 'account', `${hostOrigin}/mf-manifest.json`]);
    expect(set).toMatchObject({ code: 0, stdout: `account：所有人换成 1.0.1（${hostOrigin}/remoteEntry.js）\n` });

    // A fresh tab of a browser that has not run the app yet: a returning one is served the page
    // its service worker precached, whose Content Security Policy predates the new origin (see the
    // README, "Ship a remote").
    const fresh = await phoneContext(current.browser());
    const second = await fresh.newPage();
    const secondFailures = failuresOf(second);
    const scripts: string[] = [];
    second.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const consoleLines: string[] = [];
    second.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    try {
      await openAbout(second);
      await shownPage(second).getByText(NEW_LABEL, { exact: true }).waitFor();
    } catch (error) {
      await screenshot(second, 'remotes-registry-new-build-failed');
      throw new Error(`${(error as Error).message}\n${consoleLines.join('\n')}\n${secondFailures.join('\n')}`);
    } finally {
      polling = false;
      await poll;
    }
    await screenshot(second, 'remotes-registry-new-build');
    await fresh.close();

    expect(scripts.some((url) => url.startsWith(`${hostOrigin}/`))).toBe(true);
    // The tab opened before keeps the build it started with.
    expect(await shownPage(first).getByText('应用版本', { exact: true }).count()).toBe(1);
    expect(firstFailures).toEqual([]);
    expect(secondFailures).toEqual([]);
    expect(polled.length).toBeGreaterThan(0);
    expect(polled.filter((status) => status !== 200)).toEqual([]);

    const listed = await admin(['remotes', 'list']);
    expect(listed.stdout.split('\n').find((line) => line.startsWith('account '))?.split(/\s+/).slice(0, 3)).toEqual(['account', '1.0.1', `${hostOrigin}/mf-manifest.json`]);
  });
});
