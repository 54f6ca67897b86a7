// Issue 16, "Navigation and dialogs" and "Touch": back with a dialog open, tabs and back, the
// draft of 极速生成视频, 个人资料's unsaved changes, and the long-press menu of 我的创作 on a phone.
import type { Locator, Page } from 'playwright-core';
import { callApiOutside, openTab, registerInBrowser, storedUser, uniquePhone } from '../src/account';
import { baseUrl, openRoute, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';
import { drawPicture, shownPage } from '../src/create';

const current = useBrowserPage();
let page: Page;
beforeEach(() => {
  page = current.page();
});

const shown = () => shownPage(page);
// The dialog's own box (its outer element has none: mask and body are fixed).
const dialog = () => page.locator('.adm-dialog-body:visible');
const sheet = () => page.locator('.adm-action-sheet:visible');
const route = () => shownRoute(page);
/** 视频详情's 删除: in its … menu, then a confirmation. */
async function askToDelete(): Promise<void> {
  await shown().getByRole('button', { name: '更多操作' }).click();
  await sheet().getByRole('button', { name: '删除' }).click();
}
const uni = (call: string) => page.evaluate(call);

/** A video saved through the API as another device would; resolves with its id. */
async function saveVideo(title: string): Promise<string> {
  const { token } = (await storedUser(page))!;
  const saved = await callApiOutside<{ id: string }>('/api/v1/video_task/save', {
    token, title, prompt: '清晨的阳光洒在海面上。', images: [], aspectRatio: '9:16', duration: 5, templateId: '',
  });
  if (saved.rspCode !== 0) throw new Error(`save failed: ${saved.rspMsg}`);
  return saved.data.id;
}

/** A finger held still on `target` for 600 ms, then lifted (Chromium's touch input, not the mouse). */
async function touchHold(target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  // The menu opens while the finger is still down.
  await sheet().waitFor();
  await page.waitForTimeout(250); // a hold is a hold: the finger stays a little after the menu shows
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Two animation frames: whatever the last input set off (a click, a close) has been handled and drawn. */
const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

describe('back and navigation with a dialog open', () => {
  it('back closes the 删除 confirmation of 视频详情 and stays there; nothing is deleted; navigating away closes it too', async () => {
    await registerInBrowser(page, uniquePhone(), '/pages/create/create');
    const id = await saveVideo('留着的视频');
    await page.reload();
    await waitForPage(page);
    const item = shown().locator('.cr-task', { hasText: '留着的视频' });
    await item.click();
    await waitForPage(page);
    expect(await route()).toBe('pagesA/detail/videoDetail');

    await askToDelete();
    await dialog().waitFor();
    await page.goBack();
    await dialog().waitFor({ state: 'detached' });
    expect(await route()).toBe('pagesA/detail/videoDetail');

    // Back again: 我的创作, with no dialog over it, and the video is still there.
    await page.goBack();
    await page.waitForFunction(() => getCurrentPages().length === 1);
    expect(await route()).toBe('pages/create/create');
    expect(await dialog().count()).toBe(0);
    await item.waitFor();
    const { token } = (await storedUser(page))!;
    expect((await callApiOutside('/api/v1/video_task/detail', { token, id })).rspCode).toBe(0);

    // A navigation the page makes (or a link) closes what is open: no 删除 over the next page.
    await item.click();
    await waitForPage(page);
    await askToDelete();
    await dialog().waitFor();
    await uni(`uni.switchTab({ url: '/pages/index/index' })`);
    await waitForPage(page);
    expect(await route()).toBe('pages/index/index');
    await dialog().waitFor({ state: 'detached' });
    expect((await callApiOutside('/api/v1/video_task/detail', { token, id })).rspCode).toBe(0);
    // And back from there walks pages, not a dialog that is gone.
    await page.goBack();
    await page.waitForFunction(() => getCurrentPages().length === 1 && getCurrentPages()[0]?.route === 'pages/index/index');
  }, 120000);

  it('the redeem dialog closes on back and on a hash change, and 我的 stays usable', async () => {
    await registerInBrowser(page, uniquePhone(), '/pages/my/myIndex');
    await shown().getByText('兑换激活码').click();
    await page.getByRole('textbox', { name: '激活码' }).waitFor();
    await page.goBack();
    await page.getByRole('textbox', { name: '激活码' }).waitFor({ state: 'detached' });
    expect(await route()).toBe('pages/my/myIndex');

    // Open again: the dialog is not stuck as "already open".
    await shown().getByText('兑换激活码').click();
    await page.getByRole('textbox', { name: '激活码' }).waitFor();
    await page.evaluate(() => (location.hash = '#/pages/about/about'));
    await page.waitForFunction(() => getCurrentPages().at(-1)?.route === 'pages/about/about');
    await waitForPage(page);
    await page.getByRole('textbox', { name: '激活码' }).waitFor({ state: 'detached' });
    await screenshot(page, 'navigation-redeem-closed-on-hash-change');
  }, 60000);

  it('back closes the action sheet of 我的创作 first', async () => {
    await registerInBrowser(page, uniquePhone(), '/pages/create/create');
    await saveVideo('菜单里的视频');
    await page.reload();
    await waitForPage(page);
    await shown().locator('.cr-task', { hasText: '菜单里的视频' }).getByRole('button', { name: '更多操作' }).click();
    await sheet().waitFor();
    await page.goBack();
    await sheet().waitFor({ state: 'detached' });
    expect(await route()).toBe('pages/create/create');
  }, 60000);
});

describe('tabs and back', () => {
  it('back on another tab returns to 首页; back on 首页 leaves', async () => {
    await openRoute(page, '/');
    await openTab(page, 2);
    expect(await route()).toBe('pages/my/myIndex');
    await openTab(page, 1);
    expect(await route()).toBe('pages/create/create');
    await page.goBack();
    await page.waitForFunction(() => getCurrentPages()[0]?.route === 'pages/index/index');
    await waitForPage(page);
    expect(await route()).toBe('pages/index/index');
    expect(await page.locator('.app-tabbar .adm-tab-bar-item-active').textContent()).toBe('首页');
    // 首页 is the first entry: there is nothing of the app's behind it.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(3);
    await openTab(page, 2);
    await page.goBack();
    await page.waitForFunction(() => getCurrentPages()[0]?.route === 'pages/index/index');
  }, 60000);
});

describe('极速生成视频 keeps a draft', () => {
  it('leaving a filled form keeps title, script, picture and choices; coming back restores them; 清空 clears', async () => {
    await registerInBrowser(page, uniquePhone(), '/pages/create/create');
    await uni(`uni.navigateTo({ url: '/pagesA/create/addVideo' })`);
    await waitForPage(page);
    let form = shown();
    await form.locator('#cr-title').fill('草稿里的视频');
    await form.locator('#cr-prompt').fill('海边的早晨。\n风很轻。');
    await form.getByRole('radio', { name: '横屏 16:9' }).click();
    await form.locator('.cr-picture-input').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: await drawPicture(page) });
    await form.locator('.cr-picture[data-status="done"]').waitFor();

    // Away (the nav bar's back), and again.
    await form.locator('.adm-nav-bar-back').click();
    await page.waitForFunction(() => getCurrentPages().length === 1);
    await uni(`uni.navigateTo({ url: '/pagesA/create/addVideo' })`);
    await waitForPage(page);
    form = shown();
    await form.getByText('已恢复上次未提交的草稿').waitFor();
    expect(await form.locator('#cr-title').inputValue()).toBe('草稿里的视频');
    expect(await form.locator('#cr-prompt').inputValue()).toBe('海边的早晨。\n风很轻。');
    expect(await form.getByRole('radio', { name: '横屏 16:9' }).getAttribute('aria-checked')).toBe('true');
    // The picture is the file already uploaded (no second upload), drawn from the server.
    const restored = form.locator('.cr-picture[data-status="done"] img');
    await restored.waitFor();
    expect(await restored.getAttribute('src')).not.toMatch(/^blob:/);
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('.app-page[aria-hidden="false"] .cr-picture img')?.naturalWidth ?? 0) > 0);
    await screenshot(page, 'navigation-draft-restored');

    // 清空: an empty form, and it stays empty next time.
    await form.getByRole('button', { name: '清空' }).click();
    await dialog().getByRole('button', { name: '清空' }).click();
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('.app-page[aria-hidden="false"] #cr-title')?.value ?? 'x') === '');
    expect(await form.locator('.cr-picture[data-status]').count()).toBe(0);
    await form.locator('.adm-nav-bar-back').click();
    await page.waitForFunction(() => getCurrentPages().length === 1);
    await uni(`uni.navigateTo({ url: '/pagesA/create/addVideo' })`);
    await waitForPage(page);
    expect(await shown().locator('#cr-title').inputValue()).toBe('');
    expect(await shown().getByText('已恢复上次未提交的草稿').count()).toBe(0);
  }, 90000);
});

describe('个人资料 with unsaved changes', () => {
  it('back asks before throwing the edits away; 继续编辑 keeps them, 放弃 leaves', async () => {
    await registerInBrowser(page, uniquePhone(), '/pages/my/myIndex');
    await uni(`uni.navigateTo({ url: '/pagesA/my/profile' })`);
    await waitForPage(page);
    await shown().getByRole('textbox', { name: '昵称' }).fill('还没保存的名字');

    // The browser's back button.
    await page.goBack();
    await dialog().getByText('放弃未保存的修改？').waitFor();
    await screenshot(page, 'navigation-profile-unsaved');
    await dialog().getByRole('button', { name: '继续编辑' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await route()).toBe('pagesA/my/profile');
    expect(await shown().getByRole('textbox', { name: '昵称' }).inputValue()).toBe('还没保存的名字');

    // The nav bar's back, then 放弃.
    await shown().locator('.adm-nav-bar-back').click();
    await dialog().getByRole('button', { name: '放弃' }).click();
    await page.waitForFunction(() => getCurrentPages().at(-1)?.route === 'pages/my/myIndex');
    await dialog().waitFor({ state: 'detached' });
    expect(await route()).toBe('pages/my/myIndex');
    // Nothing was saved.
    expect((await storedUser(page))!.nickname).not.toBe('还没保存的名字');
  }, 60000);
});

describe('the menu of 我的创作 on a touch screen', () => {
  it('opens on hold and stays open after the finger lifts; by status it offers 下载, 复制链接, 删除; the "…" button opens it too', async () => {
    await current.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await registerInBrowser(page, uniquePhone(), '/pages/create/create');
    await saveVideo('长按的视频');
    await page.reload();
    await waitForPage(page);
    const item = shown().locator('.cr-task', { hasText: '长按的视频' });
    // No permanent hint: the "…" button says there is a menu.
    expect(await shown().getByText(/长按视频/).count()).toBe(0);

    // While it renders: 取消生成 and 删除.
    const status = await item.locator('.cr-badge').getAttribute('class');
    if (!status!.includes('succeeded')) {
      await item.getByRole('button', { name: '更多操作' }).click();
      await sheet().waitFor();
      const pending = await sheet().locator('.adm-action-sheet-button-item-name').allTextContents();
      // It may have finished meanwhile; either way the list matches one of the two states.
      expect([['取消生成', '删除', '取消'], ['下载', '复制链接', '删除', '取消']]).toContainEqual(pending);
      await page.goBack();
      await sheet().waitFor({ state: 'detached' });
    }
    await item.locator('.cr-badge--succeeded').waitFor({ timeout: 120000 });

    // Every click from here on, by where it lands.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as { __clicks?: string[] }).__clicks = seen;
      document.addEventListener('click', (e) => seen.push((e.target as Element).className || (e.target as Element).tagName), true);
    });
    await touchHold(item);
    await settle();
    // Longer than the sheet's closing animation: a close set off by the lift would have shown.
    await page.waitForTimeout(600);
    // No click from the lift landed on the menu's mask, and the menu is still there.
    expect(await page.evaluate(() => (window as { __clicks?: string[] }).__clicks)).toEqual([]);
    expect(await sheet().count()).toBe(1);
    expect(await sheet().locator('.adm-action-sheet-button-item-name').allTextContents()).toEqual(['下载', '复制链接', '删除', '取消']);
    expect(await shownRoute(page)).toBe('pages/create/create'); // the item did not open either
    await screenshot(page, 'navigation-touch-menu');

    await sheet().getByText('复制链接').tap();
    await page.getByText('链接已复制').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+/);
    await sheet().waitFor({ state: 'detached' });

    // The "…" button: the same menu; 下载 saves the file.
    await item.getByRole('button', { name: '更多操作' }).tap();
    await sheet().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), sheet().getByText('下载').tap()]);
    expect(download.suggestedFilename()).toBe('长按的视频.mp4');
  }, 180000);
});
