import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import S3rver from 's3rver';
import { openTab, registerInBrowser, uniquePhone } from '../src/account';
import { baseUrl, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';
import { builtEntry } from '../src/builds';
import { drawPicture, shownPage } from '../src/create';
import { startServer, type RunningServer } from '../src/server';

// The whole app with each piece on an origin of its own, under the server's Content Security
// Policy: the shell and the API on one server, the three remotes on another (the run's shared
// server, named in REMOTE_*_URL), uploads and videos in an S3 bucket on a third (the presigned
// POST, S3_PUBLIC_URL). Nothing the app does may be blocked by the policy.

const BUCKET = 'videos';
// The bucket lets the page's origin upload (POST) and read (GET: 下载 fetches the video).
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;

let s3: S3rver;
let s3Dir: string;
let s3Origin: string;
/** The shared server of the run (global-setup.ts), here only the remotes' host. */
let remotes: { url: string };
let app: RunningServer;
let globalBaseUrl: string | undefined;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [CORS] }] });
  s3Origin = `http://127.0.0.1:${(await s3.run()).port}`;
  remotes = { url: baseUrl() };
  app = await startServer({
    SEED_TEMPLATES: '0',
    REMOTE_CREATE_URL: `${remotes.url}${builtEntry('create')}`,
    REMOTE_ACCOUNT_URL: `${remotes.url}${builtEntry('account')}`,
    REMOTE_AUTH_URL: `${remotes.url}${builtEntry('auth')}`,
    S3_ENDPOINT: s3Origin,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  // The helpers open pages on E2E_BASE_URL: this file's server instead of the shared one.
  globalBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = app.url;
}, 150000);

afterAll(async () => {
  process.env.E2E_BASE_URL = globalBaseUrl;
  await app?.stop();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const current = useBrowserPage({ acceptDownloads: true });
let page: Page;
/** What the policy blocked: `securitypolicyviolation` events in the page and CSP lines on the console. */
let violations: string[];
/** Where the page loaded scripts from. */
let scripts: string[];

beforeEach(async () => {
  page = current.page();
  violations = [];
  scripts = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
});

describe('remotes and store on other origins, under the Content Security Policy', () => {
  it('every remote, an upload to the bucket, a video playing and downloaded from it: nothing blocked', async () => {
    const policy = (await fetch(`${app.url}/`)).headers.get('content-security-policy') ?? '';
    // This origin, the first paint's one inline script by its hash, the remotes' origin.
    expect(policy).toMatch(new RegExp(`script-src 'self' 'sha256-[A-Za-z0-9+/=]+' ${remotes.url.replace(/[.]/g, '\\.')};`));
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(new RegExp(`media-src [^;]*${s3Origin}`));

    // 登录 (remote-auth), then 首页 (remote-create).
    await registerInBrowser(page, uniquePhone(), '/');
    expect(await shownRoute(page)).toBe('pages/index/index');
    await shownPage(page).getByText('极速生成视频').first().waitFor();

    // 我的 and 个人资料 (remote-account), with an avatar uploaded to the bucket and shown from it.
    await openTab(page, 2);
    await page.evaluate(() => window.uni.navigateTo({ url: '/pagesA/my/profile' }));
    await waitForPage(page);
    await shownPage(page).getByLabel('选择头像').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawPicture(page) });
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}').avatar ?? '') !== '');
    const avatar = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo')!).avatar as string);
    expect(avatar.startsWith(`${s3Origin}/${BUCKET}/`)).toBe(true);
    await page.evaluate(() => window.uni.switchTab({ url: '/pages/my/myIndex' }));
    await waitForPage(page);
    await page.waitForFunction(
      (src) => [...document.querySelectorAll<HTMLImageElement>('.ac-mine img')].some((img) => img.getAttribute('src') === src && img.complete && img.naturalWidth > 0),
      avatar,
    );

    // 极速生成视频: a picture uploaded to the bucket (its preview a blob: URL), then the video.
    await page.evaluate(() => window.uni.navigateTo({ url: '/pagesA/create/addVideo' }));
    await waitForPage(page);
    const form = shownPage(page);
    await form.locator('#cr-title').fill('跨域的视频');
    await form.locator('#cr-prompt').fill('远程模块和存储都在别的源上。');
    await form.locator('.cr-picture-input').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: await drawPicture(page) });
    await form.locator('.cr-picture[data-status="done"]').waitFor();
    await form.getByRole('button', { name: '生成视频' }).click();
    await page.waitForFunction(() => document.querySelector('.app-page[aria-hidden="false"]')?.getAttribute('data-route') === 'pagesA/create/createSuccess');
    await waitForPage(page);
    await shownPage(page).getByRole('button', { name: '查看我的创作' }).click();
    await waitForPage(page);
    const item = shownPage(page).locator('.cr-task', { hasText: '跨域的视频' });
    await item.locator('.cr-badge--succeeded').waitFor({ timeout: 150000 });
    await item.locator('img.cr-cover[data-loaded]').waitFor();

    // 视频详情: it plays from the bucket, and 下载 fetches it from there.
    await item.click();
    await waitForPage(page);
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('.app-page[aria-hidden="false"] video');
      return !!v && v.currentTime > 0.5 && !v.paused;
    });
    const source = await shownPage(page).locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc);
    expect(source.startsWith(`${s3Origin}/${BUCKET}/`)).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), shownPage(page).getByRole('button', { name: '下载' }).click()]);
    expect(download.suggestedFilename()).toBe('跨域的视频.mp4');
    await screenshot(page, 'remote-origin-video');

    // Each remote came from its own origin, and nothing was blocked.
    for (const name of ['create', 'account', 'auth']) {
      expect(scripts).toContain(`${remotes.url}${builtEntry(name)}`);
    }
    expect(violations).toEqual([]);
  }, 240000);

  // The watch above is not blind: a script from elsewhere is blocked and shows as a violation.
  it('blocks, and reports, a script from an origin the policy does not name', async () => {
    await page.goto(`${app.url}/#/`);
    await page.waitForFunction(() => (window as { uni?: unknown }).uni !== undefined);
    const blocked = await page.evaluate(
      (src) =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(`${event.violatedDirective} blocked ${event.blockedURI}`), { once: true });
          const script = document.createElement('script');
          script.src = src;
          document.head.append(script);
        }),
      `${s3Origin}/${BUCKET}/not-allowed.js`,
    );
    expect(blocked).toBe(`script-src-elem blocked ${s3Origin}/${BUCKET}/not-allowed.js`);
    // Both reports (the event, the console line) reach this process over the browser's connection, a moment later.
    while (violations.length < 2) await page.waitForTimeout(50);
    expect(violations).toEqual(
      expect.arrayContaining([blocked, expect.stringMatching(/^console: Loading the script '.*not-allowed\.js' violates .*Content Security Policy/)]),
    );
  });
});
