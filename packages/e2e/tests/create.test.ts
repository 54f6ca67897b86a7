import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { baseUrl, openRoute, phoneContext, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';
import { callApiOutside, pullDown, registerInBrowser, storedUser, uniquePhone } from '../src/account';
import { accountInfo, drawPicture, longPress, readmeScreenshot, shownPage, useSettledGallery } from '../src/create';

const current = useBrowserPage();
let page: Page;
const firstTemplate = useSettledGallery();

beforeEach(() => {
  page = current.page();
});

const tab = (index: number) => page.locator('.app-tabbar .adm-tab-bar-item').nth(index);

describe('the newcomer’s first video', () => {
  it('template → 做同款 → upload → submit → 我的创作 turns 已完成 by itself → play → delete by long press; the balance falls by the cost', async () => {
    // Signed up on the login page, as a newcomer is, and back on 首页.
    await registerInBrowser(page, uniquePhone(), '/');
    expect(await shownRoute(page)).toBe('pages/index/index');
    const { token } = (await storedUser(page))!;
    const start = (await accountInfo(baseUrl(), token)).createNum;

    // 首页: the balance and the gallery, our template first.
    await openRoute(page, '/');
    await page.locator('.cr-template-cover[data-loaded]').first().waitFor();
    // The cover on screen is a thumbnail sized for the card (a 2× phone: 320 or 480 px of WebP), not the frame.
    const shownCover = await page
      .locator('.cr-template-cover[data-loaded]')
      .first()
      .evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth }));
    expect(shownCover.src).toMatch(/\/thumbs\/templates\/.+\/(320|480)\.webp$/);
    expect(shownCover.width).toBeLessThanOrEqual(480);
    expect(await page.locator('.cr-balance strong').textContent()).toBe(String(start));
    // The welcome toast went with the navigation after sign-up's (openRoute): the picture shows 首页 alone.
    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
    await readmeScreenshot(page, 'home');
    await page.locator('.cr-template-card').first().click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pagesA/detail/videoDetail');
    await shownPage(page).locator('.cr-detail-title', { hasText: firstTemplate().title }).waitFor();
    // Its sample plays by itself.
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('.app-page[aria-hidden="false"] video');
      return !!v && v.currentTime > 0.2 && !v.paused;
    });

    // 做同款: the form, with the template chosen and its length.
    await shownPage(page).getByRole('button', { name: '做同款' }).click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pagesA/create/addVideo');
    const form = shownPage(page);
    await form.locator('.cr-template-option[aria-checked="true"]', { hasText: firstTemplate().title }).waitFor();
    expect(await form.locator('.cr-segment[aria-checked="true"]').textContent()).toContain(firstTemplate().aspectRatio);
    expect(await form.getByRole('spinbutton').inputValue()).toBe(String(firstTemplate().duration));
    await form.locator('#cr-title').fill('我的第一个视频');
    await form.locator('#cr-prompt').fill('清晨的阳光洒在海面上。\n我们出发去看日出。');
    await form.locator('.cr-picture-input').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: await drawPicture(page) });
    await form.locator('.cr-picture[data-status="done"]').waitFor();
    await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[aria-label="消耗积分"]')?.textContent ?? ''));
    const cost = Number(await form.getByLabel('消耗积分').textContent());
    expect(cost).toBe(firstTemplate().duration); // 1 point per second by default
    const submit = form.getByRole('button', { name: '生成视频' });
    expect(await submit.isEnabled()).toBe(true);
    await readmeScreenshot(page, 'add-video');

    // Submit: 生成视频成功 with the task's id, live.
    await submit.click();
    await page.waitForFunction(() => document.querySelector('.app-page[aria-hidden="false"]')?.getAttribute('data-route') === 'pagesA/create/createSuccess');
    await waitForPage(page);
    await shownPage(page).locator('.cr-status-card[role="status"]').waitFor();
    await readmeScreenshot(page, 'create-success');
    expect((await accountInfo(baseUrl(), token)).createNum).toBe(start - cost);

    // 我的创作: the task turns 已完成 with no reload (a marker on window survives only without one).
    await page.evaluate(() => ((window as { __noReload?: boolean }).__noReload = true));
    await shownPage(page).getByRole('button', { name: '查看我的创作' }).click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pages/create/create');
    const item = shownPage(page).locator('.cr-task', { hasText: '我的第一个视频' });
    await item.locator('.cr-badge--succeeded').waitFor({ timeout: 120000 });
    expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
    await item.locator('img.cr-cover[data-loaded]').waitFor();
    await readmeScreenshot(page, 'my-creations');

    // 视频详情: it plays.
    await item.click();
    await waitForPage(page);
    const video = shownPage(page).locator('video');
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('.app-page[aria-hidden="false"] video');
      return !!v && v.currentTime > 0.5 && !v.paused;
    });
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    // The player spans the screen, edge to edge.
    const player = (await shownPage(page).locator('.cr-player').boundingBox())!;
    expect([player.x, player.width]).toEqual([0, 375]);
    await readmeScreenshot(page, 'video-detail');

    // 复制链接: a share link to the server's public page, which plays the video with its preview tags.
    await shownPage(page).getByRole('button', { name: '复制链接' }).click();
    await page.getByText('分享链接已复制，任何人打开都能观看').waitFor();
    const taskId = new URL(page.url().replace('#', '')).searchParams.get('id')!;
    const answer = await callApiOutside<{ url: string }>('/api/v1/video_task/get_share_link', { token, id: taskId });
    if (!('data' in answer)) throw new Error(`get_share_link answered ${JSON.stringify(answer)}`);
    const link = answer.data;
    expect(link.url).toMatch(new RegExp(`^${baseUrl()}/s/[A-Za-z0-9_-]{24}$`));
    // Someone else's phone: a context of its own, signed out.
    const visitorContext = await phoneContext(current.browser());
    const visitor = await visitorContext.newPage();
    try {
      const opened = await visitor.goto(link.url);
      expect(opened!.status()).toBe(200);
      expect(await visitor.locator('h1').textContent()).toBe('我的第一个视频');
      expect(await visitor.locator('meta[property="og:type"]').getAttribute('content')).toBe('video.other');
      expect(await visitor.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^http:\/\/.+\.jpg$/);
      // Its own policy lets its video play (muted autoplay).
      await visitor.waitForFunction(() => {
        const v = document.querySelector('video');
        return !!v && v.currentTime > 0.2;
      });
      await screenshot(visitor, 'share-page');

      // … → 取消分享: the page is gone.
      await shownPage(page).getByRole('button', { name: '更多操作' }).click();
      await page.locator('.adm-action-sheet-button-item', { hasText: '取消分享' }).click();
      await page.getByText('已取消分享，原链接已失效').waitFor();
      const gone = await visitor.goto(link.url);
      expect(gone!.status()).toBe(404);
      await visitor.getByText('链接已失效').waitFor();
    } finally {
      await visitorContext.close();
    }
    // 下载 saves the MP4 under the video's title.
    const [download] = await Promise.all([page.waitForEvent('download'), shownPage(page).getByRole('button', { name: '下载' }).click()]);
    expect(download.suggestedFilename()).toBe('我的第一个视频.mp4');
    expect((await readFile(await download.path())).subarray(4, 8).toString('latin1')).toBe('ftyp');

    // Back to the list; a long press, 删除, confirm: gone, and the balance stays down by the cost.
    await shownPage(page).locator('.adm-nav-bar-back').click();
    expect(await shownRoute(page)).toBe('pages/create/create');
    await longPress(page, item);
    await page.locator('.adm-action-sheet-button-item', { hasText: '删除' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '删除' }).click();
    await item.waitFor({ state: 'detached' });
    expect((await accountInfo(baseUrl(), token)).createNum).toBe(start - cost);
    await tab(0).click();
    expect(await page.locator('.cr-balance strong').textContent()).toBe(String(start - cost));
  }, 240000);
});

describe('我的创作 in the browser', () => {
  it('pull to refresh shows a video saved meanwhile on another device', async () => {
    await registerInBrowser(page, uniquePhone(), '/pages/create/create');
    await shownPage(page).getByText('还没有作品').waitFor();
    const { token } = (await storedUser(page))!;
    // Another device saves a video. Nothing was pending here, so this page is not polling: it does not know.
    const saved = await callApiOutside('/api/v1/video_task/save', {
      token, title: '另一台手机上的视频', prompt: '在路上想到的一段话。', images: [], aspectRatio: '9:16', duration: 5, templateId: '',
    });
    expect(saved.rspCode).toBe(0);
    await page.waitForTimeout(2000);
    expect(await shownPage(page).locator('.cr-task').count()).toBe(0);

    // From below the empty state: the whole page pulls, not only what it shows.
    await pullDown(page, 187, 400, 200);
    await shownPage(page).locator('.cr-task', { hasText: '另一台手机上的视频' }).waitFor();
    // Now it is pending, the page follows it by itself to the end.
    await shownPage(page).locator('.cr-task .cr-badge--succeeded').waitFor({ timeout: 120000 });
    await screenshot(page, 'my-creations-refreshed');
  }, 180000);
});
