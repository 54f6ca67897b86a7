import type { Page } from 'playwright-core';
import type { UserInfo } from '@app/shared';
import { baseUrl, openRoute, shownRoute, useBrowserPage, waitForPage } from '../src/browser';
import { accountInfo, addTemplate, drawPicture, longPress, readmeScreenshot, register, shownPage, signIn } from '../src/create';

const current = useBrowserPage();
let page: Page;
let user: UserInfo;
const TEMPLATE = '海边日出';

beforeAll(async () => {
  user = await register(baseUrl());
  // First in the gallery (lowest sorts), whatever templates the server seeded itself; a few, so
  // that the README's picture of the home page shows a gallery.
  const dataDir = process.env.E2E_DATA_DIR!;
  await addTemplate(baseUrl(), dataDir, { title: TEMPLATE, duration: 5, sort: -1000000, description: '清晨的海面与第一缕阳光' });
  await addTemplate(baseUrl(), dataDir, { title: '城市夜景', category: '城市', style: '电影感', duration: 15, sort: -999999 });
  await addTemplate(baseUrl(), dataDir, { title: '美食探店', category: '美食', style: '活泼', duration: 10, aspectRatio: '1:1', sort: -999998 });
  await addTemplate(baseUrl(), dataDir, { title: '萌宠日常', category: '宠物', style: '可爱', duration: 8, sort: -999997 });
});

beforeEach(async () => {
  page = current.page();
  await signIn(current.context(), user);
});

const tab = (index: number) => page.locator('.app-tabbar .adm-tab-bar-item').nth(index);

describe('the newcomer’s first video', () => {
  it('template → 做同款 → upload → submit → 我的创作 turns 已完成 by itself → play → delete by long press; the balance falls by the cost', async () => {
    const start = (await accountInfo(baseUrl(), user.token)).createNum;

    // 首页: the balance and the gallery, our template first.
    await openRoute(page, '/');
    await page.locator('.cr-template-cover[data-loaded]').first().waitFor();
    expect(await page.locator('.cr-balance strong').textContent()).toBe(String(start));
    await readmeScreenshot(page, 'home');
    await page.locator('.cr-template-card', { hasText: TEMPLATE }).click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pagesA/detail/videoDetail');
    await shownPage(page).getByText('清晨的海面与第一缕阳光').waitFor();

    // 做同款: the form, with the template chosen and its length.
    await shownPage(page).getByRole('button', { name: '做同款' }).click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pagesA/create/addVideo');
    const form = shownPage(page);
    await form.locator('.cr-template-option[aria-checked="true"]', { hasText: TEMPLATE }).waitFor();
    expect(await form.locator('.cr-segment[aria-checked="true"]').textContent()).toContain('9:16');
    await form.locator('#cr-title').fill('我的第一个视频');
    await form.locator('#cr-prompt').fill('清晨的阳光洒在海面上。\n我们出发去看日出。');
    await form.locator('.cr-picture-input').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: await drawPicture(page) });
    await form.locator('.cr-picture[data-status="done"]').waitFor();
    const cost = Number(await form.getByLabel('消耗积分').textContent());
    expect(cost).toBe(5);
    const submit = form.getByRole('button', { name: '生成视频' });
    expect(await submit.isEnabled()).toBe(true);
    await readmeScreenshot(page, 'add-video');

    // Submit: 生成视频成功 with the task's id, live.
    await submit.click();
    await page.waitForFunction(() => document.querySelector('.app-page[aria-hidden="false"]')?.getAttribute('data-route') === 'pagesA/create/createSuccess');
    await waitForPage(page);
    await shownPage(page).locator('.cr-status-card[role="status"]').waitFor();
    await readmeScreenshot(page, 'create-success');
    expect((await accountInfo(baseUrl(), user.token)).createNum).toBe(start - cost);

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
    await readmeScreenshot(page, 'video-detail');

    // Back to the list; a long press, 删除, confirm: gone, and the balance stays down by the cost.
    await shownPage(page).locator('.adm-nav-bar-back').click();
    expect(await shownRoute(page)).toBe('pages/create/create');
    await longPress(page, item);
    await page.locator('.adm-action-sheet-button-item', { hasText: '删除' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '删除' }).click();
    await item.waitFor({ state: 'detached' });
    expect((await accountInfo(baseUrl(), user.token)).createNum).toBe(start - cost);
    await tab(0).click();
    expect(await page.locator('.cr-balance strong').textContent()).toBe(String(start - cost));
  }, 240000);
});
