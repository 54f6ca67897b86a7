import type { BrowserContext, Page } from 'playwright-core';
import { openRoute, phoneContext, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';

// page.route fakes the remote being down; it does not see what a service worker fetches (once the
// shell's worker controls the page, it fetches the remotes), so these pages run without one.
const current = useBrowserPage({ serviceWorkers: 'block' });
let page: Page;
let english: BrowserContext | undefined;
beforeEach(() => {
  page = current.page();
});
afterEach(async () => {
  await english?.close();
  english = undefined;
});

const ACCOUNT = '**/remotes/account/**';

describe('a remote that is down', () => {
  it('shows the retry element on its pages, keeps the rest working, and recovers without a reload', async () => {
    await page.route(ACCOUNT, (route) => route.abort('connectionrefused'));

    await openRoute(page, '/pages/my/myIndex');
    const error = page.locator('.app-page[aria-hidden="false"] .app-page-error');
    // A refused connection says so (remote-errors.test.ts shows every kind of failure).
    await expect(error.textContent()).resolves.toBe('无法连接服务器，请检查网络后点击屏幕重试');
    expect(await page.title()).toBe('我的');
    await screenshot(page, 'remote-down');

    // The tab bar and the other remotes' pages keep working.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(0).click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pages/index/index');
    await expect(page.getByText('极速生成视频').first().isVisible()).resolves.toBe(true);
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(1).click();
    await waitForPage(page);
    await expect(page.locator('.app-page[aria-hidden="false"] h1').textContent()).resolves.toBe('我的创作');

    // Still down: a click tries again and fails again.
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(2).click();
    await error.click();
    await waitForPage(page);
    await expect(error.isVisible()).resolves.toBe(true);

    // Back up: a click loads the page, in the same document.
    await page.unroute(ACCOUNT);
    await error.click();
    await waitForPage(page);
    await expect(page.locator('.app-page[aria-hidden="false"] .ac-mine').isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // Its other pages load too.
    await page.evaluate(() => window.uni.navigateTo({ url: '/pages/about/about' }));
    await waitForPage(page);
    await expect(page.getByText('版本 1.0.0').isVisible()).resolves.toBe(true);
    await screenshot(page, 'remote-back');
  });

  it('speaks the browser language for the runtime strings', async () => {
    english = await phoneContext(current.browser(), { locale: 'en-US', serviceWorkers: 'block' });
    page = await english.newPage();
    await page.route(ACCOUNT, (route) => route.abort('connectionrefused'));
    await openRoute(page, '/pages/about/about');
    await expect(page.locator('.app-page-error').textContent()).resolves.toBe('Cannot reach the server, check your network and click the screen to try again.');
  });
});
