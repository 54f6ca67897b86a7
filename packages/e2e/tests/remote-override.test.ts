import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { baseUrl, screenshot, useBrowserPage, waitForPage } from '../src/browser';
import { needsAnotherReactBuild, relabelledAccountBuild } from '../src/builds';
import { shownPage } from '../src/create';
import { ROOT, freePort, startServer, type RunningServer } from '../src/server';
import { serveFolder, type StaticHost } from '../src/static-host';

// A remote team points its own tab at its build inside the real shell (README "Ship a remote"):
// `?remote.account=<its mf-manifest.json>`, allowed by ALLOW_REMOTE_OVERRIDE (a server of this
// file's own) and refused by a server without it (the run's shared one).

const DEV_LABEL = '应用版本·本地构建';
let app: RunningServer;
let dir: string;
let host: StaticHost;
let brokenDir: string;
let broken: StaticHost;

beforeAll(async () => {
  // The team's build: remote-account with one visible change, on a host of its own (another origin).
  dir = relabelledAccountBuild(DEV_LABEL);
  host = await serveFolder(dir);
  // One the run-time gate refuses: it requires a React the shell does not provide.
  brokenDir = needsAnotherReactBuild();
  broken = await serveFolder(brokenDir);
  app = await startServer({ SEED_TEMPLATES: '0', WORKERS: '0', ALLOW_REMOTE_OVERRIDE: '1' });
}, 150000);

afterAll(async () => {
  await app?.stop();
  await host?.close();
  await broken?.close();
  for (const folder of [dir, brokenDir]) if (folder) rmSync(folder, { recursive: true, force: true });
});

const current = useBrowserPage();

const about = '#/pages/about/about';
const withOverride = (server: string, manifest: string) => `${server}/?remote.account=${encodeURIComponent(manifest)}${about}`;

/** The console lines and script URLs of a tab. */
function watch(page: Page): { console: string[]; scripts: string[] } {
  const seen = { console: [] as string[], scripts: [] as string[] };
  page.on('console', (message) => seen.console.push(`${message.type()}: ${message.text()}`));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.scripts.push(request.url());
  });
  return seen;
}

const badge = (page: Page) => page.getByRole('button', { name: /^覆盖中/ });

describe('?remote.account=<URL> with ALLOW_REMOTE_OVERRIDE', () => {
  it('runs that build in this tab, with the 覆盖中 badge; remembered for the tab, not for others; a tap on the badge ends it', async () => {
    const page = current.page();
    const seen = watch(page);
    await page.goto(withOverride(app.url, `${host.origin}/mf-manifest.json`));
    await waitForPage(page);
    await shownPage(page).getByText(DEV_LABEL, { exact: true }).waitFor();
    await badge(page).waitFor();
    expect(await badge(page).getAttribute('aria-label')).toContain(`account → ${host.origin}/mf-manifest.json`);
    expect(seen.scripts.some((url) => url.startsWith(`${host.origin}/`))).toBe(true);
    await screenshot(page, 'remote-override-on');

    // The same tab opened at the plain address keeps it (sessionStorage).
    await page.goto(`${app.url}/${about}`);
    await page.waitForURL((url) => url.searchParams.has('remote.account'));
    await waitForPage(page);
    await shownPage(page).getByText(DEV_LABEL, { exact: true }).waitFor();
    await badge(page).waitFor();

    // Another tab does not.
    const other = await current.context().newPage();
    await other.goto(`${app.url}/${about}`);
    await waitForPage(other);
    await shownPage(other).getByText('应用版本', { exact: true }).waitFor();
    expect(await badge(other).count()).toBe(0);
    await other.close();

    // A tap on the badge ends it: the registry's build, no badge, the address without the parameter.
    await badge(page).tap();
    await page.waitForURL((url) => !url.searchParams.has('remote.account'));
    await waitForPage(page);
    await shownPage(page).getByText('应用版本', { exact: true }).waitFor();
    expect(await badge(page).count()).toBe(0);
    expect(seen.console.filter((line) => line.startsWith('error:'))).toEqual([]);
  });

  it('still passes the run-time gate: an incompatible build shows its page error, not a crash, on the console only (no failure report)', async () => {
    const page = current.page();
    const seen = watch(page);
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/remotes/report')) reports.push(request.url());
    });
    await page.goto(withOverride(app.url, `${broken.origin}/mf-manifest.json`));
    await waitForPage(page);
    const error = shownPage(page).locator('.app-page-error');
    await error.waitFor();
    expect(await error.getAttribute('data-kind')).toBe('incompatible');
    // Refused before its entry ran.
    expect(seen.scripts.filter((url) => url.startsWith(`${broken.origin}/`))).toEqual([]);
    await badge(page).waitFor();
    expect(seen.console.some((line) => line.startsWith('error:') && line.includes('failed on pages/about/about (incompatible)'))).toBe(true);
    expect(reports).toEqual([]);
  });
});

describe('?remote.account=<URL> without ALLOW_REMOTE_OVERRIDE (the default)', () => {
  it('is ignored, with a note on the console: the registry build, no badge, nothing fetched from that origin', async () => {
    const page = current.page();
    const seen = watch(page);
    await page.goto(withOverride(baseUrl(), `${host.origin}/mf-manifest.json`));
    await waitForPage(page);
    await shownPage(page).getByText('应用版本', { exact: true }).waitFor();
    expect(await badge(page).count()).toBe(0);
    expect(seen.scripts.filter((url) => url.startsWith(`${host.origin}/`))).toEqual([]);
    expect(seen.console.some((line) => line.startsWith('warning:') && line.includes('ALLOW_REMOTE_OVERRIDE') && line.includes('remote.account'))).toBe(true);
    await screenshot(page, 'remote-override-off');
  });
});

describe("a remote's own dev build (webpack serve --mode development) inside the production shell", () => {
  const source = path.join(ROOT, 'remote-account/src/pages/about/about-page.tsx');
  let devServer: ChildProcess | undefined;
  let manifest: string;

  beforeAll(async () => {
    const port = await freePort();
    manifest = `http://127.0.0.1:${port}/mf-manifest.json`;
    devServer = spawn(path.join(ROOT, 'node_modules/.bin/webpack'), ['serve', '--mode', 'development'], {
      cwd: path.join(ROOT, 'remote-account'),
      env: { ...process.env, DEV_PORT: String(port) },
      stdio: 'ignore',
    });
    // Its first compile: until then the dev server does not answer.
    for (const started = Date.now(); ; ) {
      if (devServer.exitCode !== null) throw new Error(`the dev server exited with ${devServer.exitCode}`);
      try {
        if ((await fetch(manifest)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 180_000) throw new Error('the dev server did not serve its mf-manifest.json within 180 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 200_000);

  afterAll(async () => {
    if (devServer && devServer.exitCode === null) {
      const exited = new Promise((resolve) => devServer!.once('exit', resolve));
      devServer.kill('SIGTERM');
      await exited;
    }
  });

  it('renders with no console error, and a saved change reloads the tab with it (hot reload)', async () => {
    const page = current.page();
    const seen = watch(page);
    await page.goto(withOverride(app.url, manifest));
    await waitForPage(page);
    await shownPage(page).getByText('应用版本', { exact: true }).waitFor();
    await badge(page).waitFor();
    expect(seen.scripts.some((url) => url.startsWith(new URL(manifest).origin))).toBe(true);

    const original = readFileSync(source, 'utf8');
    expect(original).toContain('>应用版本<');
    try {
      writeFileSync(source, original.replace('>应用版本<', '>应用版本（热更新）<'));
      await shownPage(page).getByText('应用版本（热更新）', { exact: true }).waitFor({ timeout: 120_000 });
    } finally {
      writeFileSync(source, original);
    }
    await waitForPage(page);
    await screenshot(page, 'remote-override-dev-build');
    await badge(page).waitFor();
    expect(seen.console.filter((line) => line.startsWith('error:'))).toEqual([]);
  }, 180_000);
});
