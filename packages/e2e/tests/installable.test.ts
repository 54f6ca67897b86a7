import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { baseUrl, phoneContext, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';
import { builtEntry, currentBuild, shellEntry } from '../src/builds';
import { settledGallery } from '../src/create';
import { ROOT, startOwnServer, type RunningServer } from '../src/server';

// The app as a phone gets it: compressed files, a web app manifest and icons, and a service
// worker that starts the app from its cache — offline too — and picks up a remote deployed on its own.

const current = useBrowserPage();

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body is left as sent (fetch would decode it) and whose Accept-Encoding is ours alone. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The body as the client reads it once its Content-Encoding is undone. */
function decoded(res: Raw): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  if (encoding === undefined) return res.body;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

/** What Chromium sends. */
const BROWSER = 'gzip, deflate, br, zstd';

/** A content-hashed script of a built app, that the build compressed. */
function hashedScript(dist: string): string {
  const name = readdirSync(path.join(ROOT, dist)).find((f) => /\.[0-9a-f]{8}\.js$/.test(f) && existsSync(path.join(ROOT, dist, `${f}.br`)));
  if (!name) throw new Error(`no compressed hashed script in ${dist}`);
  return name;
}

/** Width and height of a PNG, from its IHDR. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('compression', () => {
  const files = () => [
    { url: '/', file: 'shell/dist/index.html', type: /^text\/html/ },
    { url: shellEntry(), file: `shell/dist${shellEntry()}`, type: /javascript/ },
    { url: `/${hashedScript('shell/dist')}`, file: `shell/dist/${hashedScript('shell/dist')}`, type: /javascript/ },
    { url: builtEntry('create'), file: `remote-create/dist/${currentBuild('create')}/remoteEntry.js`, type: /javascript/ },
    {
      url: `/remotes/account/${currentBuild('account')}/${hashedScript(`remote-account/dist/${currentBuild('account')}`)}`,
      file: `remote-account/dist/${currentBuild('account')}/${hashedScript(`remote-account/dist/${currentBuild('account')}`)}`,
      type: /javascript/,
    },
    { url: '/manifest.webmanifest', file: 'shell/dist/manifest.webmanifest', type: /^application\/manifest\+json/ },
  ];

  it('sends br to a browser, gzip to a gzip-only client and the file itself otherwise, with Vary, keeping the cache headers', async () => {
    for (const { url, file, type } of files()) {
      const original = readFileSync(path.join(ROOT, file));
      const plain = await rawGet(`${baseUrl()}${url}`);
      for (const [accept, encoding] of [[BROWSER, 'br'], ['gzip', 'gzip'], ['identity', undefined], [undefined, undefined]] as const) {
        const res = await rawGet(`${baseUrl()}${url}`, accept === undefined ? {} : { 'accept-encoding': accept });
        expect([url, accept, res.status, res.headers['content-encoding']]).toEqual([url, accept, 200, encoding]);
        expect(res.headers['content-type']).toMatch(type);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe(plain.headers['cache-control']);
        // The page for / is index.html with the first route's preloads and data (packages/server/src/plugins/first-route.ts)
        // and the first paint's style, script and picture (plugins/first-paint.ts), whose inline
        // script starts the shell's script (given a type no browser runs instead of `defer`) and
        // the scripts' preloads (in a template until then).
        const added = /<template id="after-paint-preloads">[^]*?<\/template>|<link rel="preload"[^>]*>|<script type="application\/json" id="first-route-data">[^<]*<\/script>|<style>#first-paint[^<]*<\/style><script>[^<]*<\/script>|<div id="first-paint"[^]*?(?=<div id="?root"?>)/g;
        const started = /<script type="text\/x-after-paint" src="([^"]*)"><\/script>/g;
        const body = url === '/' ? Buffer.from(decoded(res).toString().replace(added, '').replace(started, '<script defer src=$1></script>')) : decoded(res);
        expect(body.equals(original)).toBe(true);
        if (encoding) expect(res.body.length).toBeLessThan(decoded(res).length);
      }
    }
    // Scripts: a hashed name (the shell's entry's too) is kept for good, a name without one (the service worker) revalidated.
    expect((await rawGet(`${baseUrl()}/sw.js`, { 'accept-encoding': BROWSER })).headers['cache-control']).toBe('no-cache');
    for (const script of [shellEntry(), `/${hashedScript('shell/dist')}`]) {
      expect([script, (await rawGet(`${baseUrl()}${script}`, { 'accept-encoding': BROWSER })).headers['cache-control']]).toEqual([script, 'public, max-age=31536000, immutable']);
    }
  });

  it('is what the browser receives: every script of the first route the build compressed comes as br', async () => {
    // At least one template listed (the run's server renders the built-in samples as it starts).
    await settledGallery(baseUrl(), { settleMs: 0 });
    const context = await phoneContext(current.browser(), { serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const scripts: [string, string | undefined][] = [];
      const manifestRequests: string[] = [];
      const manifest = builtEntry('create').replace(/remoteEntry\.js$/, 'mf-manifest.json');
      const thumbnails: string[] = [];
      const unusedPreloads: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === manifest) manifestRequests.push(request.url());
        if (pathname.startsWith('/thumbs/')) thumbnails.push(pathname);
      });
      // Chromium's words for a preload the page then asked for differently (and so fetched twice).
      page.on('console', (message) => {
        if (/preload/i.test(message.text())) unusedPreloads.push(message.text());
      });
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push([new URL(response.url()).pathname, response.headers()['content-encoding']]);
      });
      await page.goto(`${baseUrl()}/#/`);
      await waitForPage(page);
      expect(scripts.map(([url]) => url)).toEqual(expect.arrayContaining([shellEntry(), builtEntry('create')]));
      // The run-time gate's read of remote-create's manifest takes the page's preload of it: one request.
      expect(manifestRequests).toHaveLength(1);
      // The first covers the page preloads (plugins/first-route.ts, the gallery's own srcset and
      // sizes) are the ones the gallery draws: each thumbnail is asked for once.
      await page.locator('.cr-template-cover[data-loaded]').first().waitFor();
      const covers = await page.evaluate(() => ({
        preloaded: performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).initiatorType === 'link' && e.name.includes('/thumbs/')).map((e) => e.name),
        drawn: [...document.querySelectorAll<HTMLImageElement>('img.cr-template-cover')].map((img) => img.currentSrc),
      }));
      expect(covers.preloaded.length).toBeGreaterThan(0);
      expect(covers.drawn).toEqual(expect.arrayContaining(covers.preloaded));
      expect(new Set(thumbnails).size).toBe(thumbnails.length);
      expect(unusedPreloads).toEqual([]);
      // The file on disk each came from: compressed by the build (all but the smallest) means br on the wire.
      const onDisk = (url: string) => {
        const remote = /^\/remotes\/([a-z]+)\/(.+)$/.exec(url);
        return remote ? path.join(ROOT, `remote-${remote[1]}`, 'dist', remote[2]!) : path.join(ROOT, 'shell', 'dist', url.slice(1));
      };
      const expected = scripts.map(([url]) => [url, existsSync(`${onDisk(url)}.br`) ? 'br' : undefined]);
      expect(scripts).toEqual(expected);
      expect(expected.filter(([, encoding]) => encoding === 'br').length).toBeGreaterThan(scripts.length / 2);
    } finally {
      await context.close();
    }
  });

  it('compresses JSON answers of 1 KiB and more on the fly, not smaller ones', async () => {
    const large = await rawGet(`${baseUrl()}/docs/json`, { 'accept-encoding': BROWSER });
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(large).toString('utf8'))).toMatchObject({ openapi: expect.any(String) });
    expect(decoded(large).length).toBeGreaterThan(1024);
    const gzip = await rawGet(`${baseUrl()}/docs/json`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await rawGet(`${baseUrl()}/remotes.json`, { 'accept-encoding': BROWSER });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.length).toBeLessThan(1024);
    expect(JSON.parse(small.body.toString('utf8'))).toHaveProperty('create');
  });
});

describe('the installable app', () => {
  it('has a web app manifest with its name, colours, start URL and icons, each of which answers', async () => {
    const res = await rawGet(`${baseUrl()}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.body.toString('utf8'));
    expect(manifest).toMatchObject({
      name: 'AI视频生成工具',
      short_name: expect.any(String),
      lang: 'zh-CN',
      start_url: './#/',
      display: 'standalone',
      theme_color: '#0067ED',
      background_color: '#E8F0F8',
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    for (const [sizes, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['192x192', 'maskable'], ['512x512', 'maskable']] as const) {
      const icon = icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      expect([sizes, purpose, icon?.type]).toEqual([sizes, purpose, 'image/png']);
      const png = await rawGet(new URL(icon!.src, `${baseUrl()}/manifest.webmanifest`).href);
      expect([icon!.src, png.status, png.headers['content-type']]).toEqual([icon!.src, 200, 'image/png']);
      expect(pngSize(png.body)).toEqual(sizes.split('x').map(Number));
    }
  });

  it('answers /favicon.ico and names its icons, manifest and theme colour in the page', async () => {
    const favicon = await rawGet(`${baseUrl()}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toMatch(/^image\/(?:x-icon|vnd\.microsoft\.icon)/);
    expect(favicon.body.readUInt16LE(2)).toBe(1); // an icon
    expect(favicon.body.readUInt16LE(4)).toBeGreaterThanOrEqual(2); // several sizes
    const touch = await rawGet(`${baseUrl()}/apple-touch-icon.png`);
    expect(pngSize(touch.body)).toEqual([180, 180]);

    const page = current.page();
    await page.goto(`${baseUrl()}/#/`);
    const head = await page.evaluate(() => ({
      manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href,
      icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href,
      touch: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href,
      theme: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
    }));
    expect(head).toEqual({
      manifest: `${baseUrl()}/manifest.webmanifest`,
      icon: `${baseUrl()}/favicon.ico`,
      touch: `${baseUrl()}/apple-touch-icon.png`,
      theme: '#0067ED',
    });
  });

  it('serves the service worker for revalidation, and the policy lets it and the manifest load', async () => {
    const sw = await rawGet(`${baseUrl()}/sw.js`, { 'accept-encoding': BROWSER });
    expect(sw.status).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(decoded(sw).toString('utf8')).toContain('index.html');
    const policy = (await rawGet(`${baseUrl()}/`)).headers['content-security-policy'] ?? '';
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });
});

/** Waits until this page is controlled by the activated service worker. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/**
 * A fresh start of the app at `url` (a goto to the same address with only a #fragment would not
 * load the page again); the response of the page itself.
 */
async function start(page: Page, url: string) {
  await page.goto('about:blank');
  return page.goto(url);
}

/** The frame on a tab page: the shown page, the tab bar. */
async function expectFrame(page: Page): Promise<void> {
  await page.locator('.app-page[aria-hidden="false"]').waitFor();
  await page.locator('.app-tabbar').waitFor();
  expect(await page.locator('.app-tabbar .adm-tab-bar-item').count()).toBe(3);
}

describe('the service worker', () => {
  it('activates; a second visit with the network cut shows the frame and the offline notice, and 重试 works once it is back', async () => {
    const page = current.page();
    await page.goto(`${baseUrl()}/#/`);
    await waitForPage(page);
    await controlled(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(`${baseUrl()}/sw.js`);
    // The page is asked for while the worker starts (navigation preload), not after.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).navigationPreload.getState())).toMatchObject({ enabled: true });
    // Another page of this origin comes through the worker, from that preloaded answer.
    const terms = await page.goto(`${baseUrl()}/legal/terms`);
    expect(terms?.status()).toBe(200);
    expect(terms?.fromServiceWorker()).toBe(true);
    await page.locator('h1').waitFor();
    await page.goto(`${baseUrl()}/#/`);
    await waitForPage(page);

    // Chromium's own verdict (what Lighthouse's installability audit reads): a manifest it parses
    // without a complaint, and nothing keeping the app from being installed.
    const cdp = await current.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    // The one complaint left is about this test's browser context: Playwright's are incognito.
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);
    await cdp.detach();

    await current.context().setOffline(true);
    const response = await start(page, `${baseUrl()}/#/`);
    // The page came from the worker's cache, not the browser's error page.
    expect(response?.fromServiceWorker()).toBe(true);
    await page.waitForFunction(() => (window as { uni?: unknown }).uni !== undefined);
    await expectFrame(page);
    const notice = page.locator('.app-offline');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('alert');
    await expect(notice.locator('.app-offline-text').textContent()).resolves.toBe('网络未连接，请检查网络后重试');
    await waitForPage(page); // no endless spinner: content or the page's own retry element
    await screenshot(page, 'offline-start');

    // Still offline: 重试 checks and the notice stays.
    await notice.getByRole('button', { name: '重试' }).click();
    await notice.getByRole('button', { name: '重试' }).waitFor();
    expect(await notice.isVisible()).toBe(true);

    // Back online: 重试 hides the notice and the home page shows.
    await current.context().setOffline(false);
    await notice.getByRole('button', { name: '重试' }).click();
    await notice.waitFor({ state: 'detached' });
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pages/index/index');
    await page.locator('.app-page[aria-hidden="false"]').getByText('极速生成视频').first().waitFor();

    // Now the remote's files are cached too: an offline start shows the home page itself.
    await current.context().setOffline(true);
    await start(page, `${baseUrl()}/#/`);
    await waitForPage(page);
    await page.locator('.app-offline').waitFor();
    await page.locator('.app-page[aria-hidden="false"]').getByText('极速生成视频').first().waitFor();
    await screenshot(page, 'offline-start-cached');
    await current.context().setOffline(false);
  }, 120000);

  it('never answers the API from its cache', async () => {
    const page = current.page();
    await page.goto(`${baseUrl()}/#/`);
    await waitForPage(page);
    await controlled(page);
    // A call to the API (a POST) and a GET of the API go to the server, whatever the worker holds.
    for (const [method, url] of [['POST', '/api/v1/ai/features'], ['GET', '/api/v1/ai/features']] as const) {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(url) && r.request().method() === method),
        page.evaluate(([m, u]) => fetch(u, m === 'POST' ? { method: m, headers: { 'content-type': 'application/json' }, body: '{}' } : {}).then(() => undefined), [method, url] as const),
      ]);
      expect([method, response.fromServiceWorker()]).toEqual([method, false]);
    }
    const names = await page.evaluate(async () => (await caches.keys()).join(' '));
    const cached = await page.evaluate(async (keys) => {
      const urls: string[] = [];
      for (const key of keys.split(' ')) for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    }, names);
    expect(cached.length).toBeGreaterThan(5);
    expect(cached.filter((p) => p.startsWith('/api/') || p.startsWith('/files/'))).toEqual([]);
  });
});

describe('a remote deployed on its own', () => {
  const ADMIN_TOKEN = 'admin-token-for-the-installable-test';
  let webRoot: string;
  let server: RunningServer;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'e2e-webroot-'));
    for (const app of ['shell', 'remote-create', 'remote-account', 'remote-auth']) {
      cpSync(path.join(ROOT, app, 'dist'), path.join(webRoot, app, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.map') });
    }
    server = await startOwnServer({ WEB_ROOT: webRoot, SEED_TEMPLATES: '0', ADMIN_TOKEN });
  }, 150000);
  afterAll(async () => {
    await server?.stop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /**
   * Deploys a new build of remote-create as a team would: its files in a folder of their own beside
   * the build in use (here that build, whose entry also sets a marker), then `remotes set`.
   */
  async function deployCreate(marker: string, folder: string): Promise<void> {
    const dist = path.join(webRoot, 'remote-create', 'dist');
    cpSync(path.join(dist, currentBuild('create')), path.join(dist, folder), { recursive: true });
    const file = path.join(dist, folder, 'remoteEntry.js');
    const script = `${readFileSync(file, 'utf8')}\n;window.__createBuild = ${JSON.stringify(marker)};\n`;
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    const res = await fetch(`${server.url}/admin/api/remotes/create/set`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `/remotes/create/${folder}/mf-manifest.json` }),
    });
    expect(await res.json()).toMatchObject({ rspCode: 0 });
  }

  /** Starts the app on 首页 (remote-create's) and waits until that remote has run; the page's response. */
  const openHome = async (page: Page) => {
    const response = await start(page, `${server.url}/#/`);
    await page.waitForFunction(() => (window as { uni?: unknown }).uni !== undefined);
    await waitForPage(page);
    expect(await page.locator('.app-page[aria-hidden="false"] .app-page-error').count()).toBe(0);
    return response;
  };
  const build = (page: Page) => page.evaluate(() => (window as { __createBuild?: string }).__createBuild ?? null);
  /** The remote-create entry the page itself preloads (plugins/first-route.ts: the registry's). */
  const preloaded = (page: Page) =>
    page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => new URL(link.href).pathname).find((href) => href.endsWith('/remoteEntry.js')));

  it('is picked up on the next start, with the worker in control: the page itself comes from the network first, the cached copy only offline', async () => {
    const page = current.page();
    await openHome(page);
    await controlled(page);
    const cachedStart = await openHome(page); // through the worker: the page and the entry are cached now
    expect(cachedStart?.fromServiceWorker()).toBe(true);
    expect(await build(page)).toBe(null);
    expect(await preloaded(page)).toBe(builtEntry('create'));

    const folder = '1.0.1-00000000a2';
    await deployCreate('v2', folder);
    const next = await openHome(page);
    expect(next?.fromServiceWorker()).toBe(true);
    // The page as the server makes it now (a copy kept from before would preload the earlier build), and the new build running.
    expect(await preloaded(page)).toBe(`/remotes/create/${folder}/remoteEntry.js`);
    expect(await build(page)).toBe('v2');
    const cached = await page.evaluate(async () => (await (await caches.open('remote-entries')).keys()).map((r) => new URL(r.url).pathname));
    expect(cached).toContain(`/remotes/create/${folder}/remoteEntry.js`);

    // Offline, the last page and entry seen are what starts.
    await current.context().setOffline(true);
    const offline = await openHome(page);
    expect(offline?.fromServiceWorker()).toBe(true);
    expect(await preloaded(page)).toBe(`/remotes/create/${folder}/remoteEntry.js`);
    expect(await build(page)).toBe('v2');
    await current.context().setOffline(false);
  }, 120000);
});
