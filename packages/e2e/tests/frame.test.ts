import type { Page } from 'playwright-core';
import { PAGES } from '@app/shared/src/pages/registry';
import { baseUrl, openRoute, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';

const current = useBrowserPage();
let page: Page;
beforeEach(() => {
  page = current.page();
});

const hashOf = (route: string) => (route === 'pages/index/index' ? '/' : `/${route}`);
const uni = <T>(fn: string) => page.evaluate<T>(fn);

describe('every route of docs/product.md "Routes"', () => {
  it.each(PAGES.map((p) => [p.route, p] as const))('%s opens with its title, bar and background', async (route, def) => {
    await openRoute(page, hashOf(route));
    expect(await shownRoute(page)).toBe(route);
    expect(await page.title()).toBe(def.title);
    const section = page.locator('.app-page[aria-hidden="false"]');
    const bg = await section.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe(def.background.toLowerCase() === '#ffffff' ? 'rgb(255, 255, 255)' : 'rgb(232, 240, 248)');
    const navBar = section.locator('.app-navbar');
    if (def.customNavBar) {
      expect(await navBar.count()).toBe(0);
    } else {
      await expect(navBar.locator('.adm-nav-bar-title').textContent()).resolves.toBe(def.title);
      expect((await navBar.boundingBox())!.height).toBe(44);
    }
    expect(await page.locator('.app-tabbar').count()).toBe(def.tab ? 1 : 0);
    // The page rendered its own content, not the retry element.
    expect(await section.locator('.app-page-error').count()).toBe(0);
    await screenshot(page, `route-${route.replace(/\//g, '_')}`);
  });

  it('passes query parameters through to the page', async () => {
    // Signed out, with an id: the page knows a task was submitted (without one it says there is none).
    await openRoute(page, '/pagesA/create/createSuccess?id=task%2042');
    await expect(page.getByText('任务已提交').isVisible()).resolves.toBe(true);
    await openRoute(page, '/pagesA/create/createSuccess');
    await page.getByText('没有找到这个任务').waitFor();
  });
});

describe('tab bar', () => {
  it('has the colours and sizes of docs/product.md "Tab bar", and switches tabs', async () => {
    await openRoute(page, '/');
    const bar = page.locator('.app-tabbar .adm-tab-bar-wrap');
    expect((await bar.boundingBox())!.height).toBe(50);
    const items = page.locator('.app-tabbar .adm-tab-bar-item');
    expect(await items.allTextContents()).toEqual(['首页', '创作', '我的']);
    const style = (i: number) =>
      items.nth(i).evaluate((el) => {
        const icon = el.querySelector('svg')!.getBoundingClientRect();
        const title = el.querySelector('.adm-tab-bar-item-title')!;
        return { color: getComputedStyle(el).color, iconWidth: icon.width, fontSize: getComputedStyle(title).fontSize };
      });
    expect(await style(0)).toEqual({ color: 'rgb(0, 103, 237)', iconWidth: 24, fontSize: '10px' });
    expect(await style(1)).toEqual({ color: 'rgb(0, 39, 90)', iconWidth: 24, fontSize: '10px' });
    await screenshot(page, 'home');

    await items.nth(2).click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pages/my/myIndex');
    expect(await page.title()).toBe('我的');
    expect(page.url()).toBe(`${baseUrl()}/#/pages/my/myIndex`);
    expect((await style(2)).color).toBe('rgb(0, 103, 237)');
    expect((await style(0)).color).toBe('rgb(0, 39, 90)');
    await screenshot(page, 'mine-signed-out');
  });

  it('keeps a tab page alive with its scroll position', async () => {
    await openRoute(page, '/');
    const body = page.locator('.app-page[data-route="pages/index/index"] .app-page-body');
    await body.evaluate((el) => {
      const tall = document.createElement('div');
      tall.id = 'kept-alive';
      tall.style.height = '3000px';
      el.firstElementChild!.appendChild(tall);
      el.scrollTop = 700;
      el.dispatchEvent(new Event('scroll'));
    });
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(1).click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pages/create/create');
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(0).click();
    expect(await shownRoute(page)).toBe('pages/index/index');
    expect(await page.locator('#kept-alive').count()).toBe(1); // same instance, not re-created
    expect(await body.evaluate((el) => el.scrollTop)).toBe(700);
  });
});

describe('navigation runtime (window.uni)', () => {
  it('rejects with the messages of docs/product.md "Error catalogue" word for word', async () => {
    await openRoute(page, '/');
    const message = (call: string) => uni<string>(`${call}.then(() => 'ok', (e) => e.message)`);
    expect(await message(`uni.navigateTo({ url: '/pages/nope/nope' })`)).toBe('page `/pages/nope/nope` is not found');
    expect(await message(`uni.navigateTo({ url: '/pages/my/myIndex' })`)).toBe('can not navigateTo a tabbar page');
    expect(await message(`uni.switchTab({ url: '/pages/about/about' })`)).toBe('can not switch to no-tabBar page');
    const both = await uni<string[]>(`Promise.allSettled([
      uni.navigateTo({ url: '/pages/about/about' }),
      uni.navigateTo({ url: '/pages/about/about' }),
    ]).then((r) => r.map((x) => x.status === 'fulfilled' ? x.value.errMsg : x.reason.message))`);
    expect(both).toEqual(['navigateTo:ok', '/pages/about/about locked']);
    // The lock is gone once the first navigation completed.
    expect(await message(`uni.navigateTo({ url: '/pages/about/about' })`)).toBe('ok');
    expect(await uni<number>('getCurrentPages().length')).toBe(3);
  });

  it('keeps uni-app page-stack rules in the real browser, back button included', async () => {
    await openRoute(page, '/');
    await uni(`uni.navigateTo({ url: '/pagesA/my/profile' })`);
    await uni(`uni.navigateTo({ url: '/pagesA/my/pointsRecord' })`);
    expect(await uni<string[]>('getCurrentPages().map((p) => p.route)')).toEqual(['pages/index/index', 'pagesA/my/profile', 'pagesA/my/pointsRecord']);
    await page.goBack();
    await page.waitForFunction(() => getCurrentPages().length === 2);
    expect(await shownRoute(page)).toBe('pagesA/my/profile');
    await uni(`uni.redirectTo({ url: '/pages/about/about' })`);
    expect(page.url()).toBe(`${baseUrl()}/#/pages/about/about`);
    await uni(`uni.navigateBack()`);
    expect(await shownRoute(page)).toBe('pages/index/index');
    await uni(`uni.reLaunch({ url: '/pagesA/create/addVideo' })`);
    expect(await uni<number>('getCurrentPages().length')).toBe(1);
    expect(await page.title()).toBe('极速生成视频');
  });

  it('back on the only page open relaunches home', async () => {
    await openRoute(page, '/pages/about/about');
    await screenshot(page, 'about');
    expect(await uni<number>('getCurrentPages().length')).toBe(1);
    await page.locator('.app-page[aria-hidden="false"] .adm-nav-bar-back').click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pages/index/index');
    expect(await page.title()).toBe('首页');
    expect(page.url()).toBe(`${baseUrl()}/#/`);
  });

  it('back on a pushed page returns to the page below', async () => {
    await openRoute(page, '/');
    await uni(`uni.navigateTo({ url: '/pagesA/detail/videoDetail?id=1' })`);
    await waitForPage(page);
    await screenshot(page, 'video-detail');
    await page.locator('.app-page[aria-hidden="false"] .adm-nav-bar-back').click();
    expect(await shownRoute(page)).toBe('pages/index/index');
    expect(await uni<number>('getCurrentPages().length')).toBe(1);
  });
});

describe('responsive frame', () => {
  it('scales from 375 and stops at 960px, centred', async () => {
    await openRoute(page, '/');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('16px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => getComputedStyle(document.documentElement).fontSize === '40.96px');
    const frame = (await page.locator('.app-frame').boundingBox())!;
    expect(frame.width).toBe(960);
    expect(frame.x).toBe(160);
    const tabs = (await page.locator('.app-tabbar').boundingBox())!;
    expect(tabs.x).toBe(160);
    expect(tabs.width).toBe(960);
    await screenshot(page, 'home-1280');
  });
});

describe('one runtime for every app', () => {
  it('the shell and all three remotes share one @app/shared (one bus)', async () => {
    await openRoute(page, '/'); // remote-create
    await uni(`uni.navigateTo({ url: '/pages/about/about' })`); // remote-account
    await waitForPage(page);
    await uni(`uni.navigateTo({ url: '/pagesA/login/index' })`); // remote-auth
    await waitForPage(page);
    const instances = await page.evaluate(() => (globalThis as { __APP_SHARED_INSTANCES__?: string[] }).__APP_SHARED_INSTANCES__);
    expect(instances).toHaveLength(1);
    // A session published from the console reaches the pages of every remote at once.
    await uni(`uni.switchTab({ url: '/pages/my/myIndex' })`);
    await waitForPage(page);
    await page.evaluate(() => {
      localStorage.setItem('userInfo', JSON.stringify({ id: 'x', phone: '13800138000', nickname: '小明', name: '', avatar: '', token: 't', createNum: 42, expireTime: 0, createdAt: 0 }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo' }));
    });
    await expect(page.getByText('小明', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('138****8000').isVisible()).resolves.toBe(true);
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(0).click();
    await expect(page.locator('.cr-balance strong').textContent()).resolves.toBe('42');
  });
});
