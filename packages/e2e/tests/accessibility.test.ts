// Every page of the app, signed out and signed in, through axe-core (WCAG 2.0/2.1 A and AA and
// best practices: no serious or critical violation) and a tap-target check (44×44 CSS px).
import type { Page } from 'playwright-core';
import { checkAccessibility } from '../src/accessibility';
import { openTab, registerInBrowser, uniquePhone } from '../src/account';
import { openRoute, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';
import { drawPicture, longPress, shownPage, useSettledGallery } from '../src/create';

const current = useBrowserPage();
let page: Page;
const firstTemplate = useSettledGallery();

beforeEach(() => {
  page = current.page();
});

/** Checks what the phone shows now, and keeps a screenshot of it. */
async function check(problems: string[], name: string): Promise<void> {
  problems.push(...(await checkAccessibility(page, name)));
  await screenshot(page, `a11y-${name}`);
}

describe('accessibility of every page', () => {
  it('signed out: 首页, 我的创作, 我的, 关于, 登录, 极速生成视频, a template’s 视频详情', async () => {
    const problems: string[] = [];
    await openRoute(page, '/');
    await shownPage(page).locator('.cr-template-card').first().waitFor();
    await check(problems, 'home-signed-out');

    await openTab(page, 1);
    await check(problems, 'my-creations-signed-out');
    await openTab(page, 2);
    await check(problems, 'mine-signed-out');
    // The tabs are buttons named by their labels, the shown one marked as the current page.
    const tabs = page.getByRole('navigation', { name: '标签栏' }).getByRole('button');
    expect(await tabs.allTextContents()).toEqual(['首页', '创作', '我的']);
    expect(await tabs.evaluateAll((els) => els.map((el) => el.getAttribute('aria-current')))).toEqual([null, null, 'page']);

    await shownPage(page).getByText('关于', { exact: true }).click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pages/about/about');
    await check(problems, 'about-signed-out');
    // The navigation bar's back control is a real button named 返回; it goes back.
    const back = shownPage(page).getByRole('button', { name: '返回' });
    expect(await back.evaluate((el) => el.tagName)).toBe('BUTTON');
    await back.click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pages/my/myIndex');

    await openRoute(page, '/pagesA/login/index');
    await check(problems, 'login');
    // A refused login shows its message in the page.
    await shownPage(page).getByRole('button', { name: '登录/注册' }).click();
    await check(problems, 'login-refused');

    await openRoute(page, '/pagesA/create/addVideo');
    await check(problems, 'add-video-signed-out');

    await openRoute(page, `/pagesA/detail/videoDetail?sysId=${encodeURIComponent(firstTemplate().id)}`);
    await shownPage(page).locator('video').waitFor();
    await check(problems, 'template-detail');

    expect(problems).toEqual([]);
  }, 120000);

  it('signed in: every page from 首页 to a finished video, the records, the dialogs and sheets', async () => {
    const problems: string[] = [];
    await registerInBrowser(page, uniquePhone(), '/');
    expect(await shownRoute(page)).toBe('pages/index/index');
    await shownPage(page).locator('.cr-template-card').first().waitFor();
    await check(problems, 'home');

    // A template's 视频详情, then 做同款: the form, empty and with a picture.
    await shownPage(page).locator('.cr-template-card').first().click();
    await waitForPage(page);
    await shownPage(page).locator('.cr-detail-title', { hasText: firstTemplate().title }).waitFor();
    await check(problems, 'template-detail-signed-in');
    await shownPage(page).getByRole('button', { name: '做同款' }).click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pagesA/create/addVideo');
    const form = shownPage(page);
    await form.locator('.cr-template-option[aria-checked="true"]').waitFor();
    await check(problems, 'add-video');
    await form.locator('#cr-title').fill('无障碍检查');
    await form.locator('#cr-prompt').fill('清晨的阳光洒在海面上。');
    await form.locator('.cr-picture-input').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: await drawPicture(page) });
    await form.locator('.cr-picture[data-status="done"]').waitFor();
    await page.waitForFunction(() => /^\d+$/.test(document.querySelector('.app-page[aria-hidden="false"] [aria-label="消耗积分"]')?.textContent ?? ''));
    await check(problems, 'add-video-with-picture');

    // 生成视频成功, then 我的创作 with the video, its long-press sheet, and the finished 视频详情.
    await form.getByRole('button', { name: '生成视频' }).click();
    await page.waitForFunction(() => document.querySelector('.app-page[aria-hidden="false"]')?.getAttribute('data-route') === 'pagesA/create/createSuccess');
    await waitForPage(page);
    await shownPage(page).locator('.cr-status-card[role="status"]').waitFor();
    await check(problems, 'create-success');
    await shownPage(page).getByRole('button', { name: '查看我的创作' }).click();
    await waitForPage(page);
    const item = shownPage(page).locator('.cr-task', { hasText: '无障碍检查' });
    await item.locator('.cr-badge--succeeded').waitFor({ timeout: 120000 });
    await item.locator('img.cr-cover[data-loaded]').waitFor();
    await check(problems, 'my-creations');
    await longPress(page, item);
    await page.locator('.adm-action-sheet-button-item', { hasText: '删除' }).waitFor();
    await check(problems, 'my-creations-sheet');
    await page.locator('.adm-action-sheet-button-item', { hasText: '取消' }).click();
    await page.locator('.adm-action-sheet').waitFor({ state: 'detached' });
    await item.click();
    await waitForPage(page);
    await shownPage(page).locator('video').waitFor();
    await check(problems, 'video-detail');

    // 我的 (a non-tab page is on top: no tab bar) and everything it opens.
    await page.evaluate(`uni.switchTab({ url: '/pages/my/myIndex' })`);
    await waitForPage(page);
    await shownPage(page).getByLabel('积分余额').waitFor();
    await check(problems, 'mine');
    await shownPage(page).getByText('兑换激活码').click();
    await page.getByRole('textbox', { name: '激活码' }).waitFor();
    await check(problems, 'redeem-dialog');
    await page.getByRole('textbox', { name: '激活码' }).fill('AAAA-BBBB-CCCC-DDDD');
    await page.getByRole('button', { name: '兑换', exact: true }).click();
    // The refusal itself: the (empty) alert is there from the start, and until the answer comes the
    // buttons are disabled (faded), which is not what this step audits.
    await page.getByRole('alert').filter({ hasText: '激活码无效，请检查后重新输入' }).waitFor();
    // And 兑换 back from its loading state (its fade to enabled starts only then).
    await page.locator('button[aria-label="兑换"][aria-busy="false"]:not([disabled])').waitFor();
    await check(problems, 'redeem-dialog-refused');
    await page.getByRole('button', { name: '取消' }).click();
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });

    await shownPage(page).getByRole('button', { name: '退出登录' }).click();
    await page.getByText('确定要退出登录吗？').waitFor();
    await check(problems, 'sign-out-dialog');
    await page.getByRole('button', { name: '取消' }).click();
    await page.getByText('确定要退出登录吗？').waitFor({ state: 'detached' });

    for (const [route, name, ready] of [
      ['/pagesA/my/profile', 'profile', '昵称'],
      ['/pagesA/my/pointsRecord', 'points-record', '新用户注册赠送'],
      ['/pagesA/my/exchangeRecords', 'exchange-records', '暂无兑换记录'],
      ['/pages/about/about', 'about', '关于'],
    ] as const) {
      await page.evaluate(`uni.navigateTo({ url: '${route}' })`);
      await waitForPage(page);
      await shownPage(page).getByText(ready).first().waitFor();
      await check(problems, name);
      await page.evaluate('uni.navigateBack()');
      await waitForPage(page);
    }

    expect(problems).toEqual([]);
  }, 240000);
});
