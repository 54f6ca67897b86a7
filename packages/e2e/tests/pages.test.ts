// Page defects of issue 16 a phone shows: 我的's membership line, 个人资料's square avatar,
// toasts that stayed over the next page, the empty states' pictures.
import type { Page } from 'playwright-core';
import { createCodes, openTab, registerInBrowser, storedUser } from '../src/account';
import { openRoute, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';
import { shownPage } from '../src/create';

const current = useBrowserPage();
let page: Page;
beforeEach(() => {
  page = current.page();
});

type Box = { x: number; y: number; width: number; height: number };
const intersect = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('我的', () => {
  it('the membership end date and its label do not overlap, at 320 and 375 px wide', async () => {
    const [code] = await createCodes({ points: 1, days: 400 });
    await registerInBrowser(page);
    await openTab(page, 2);
    await shownPage(page).getByText('兑换激活码').click();
    await page.getByRole('textbox', { name: '激活码' }).fill(code!);
    await page.getByRole('button', { name: '兑换', exact: true }).click();
    await page.getByRole('button', { name: '完成' }).click();
    const date = shownPage(page).getByText(/^会员至 \d{4}-\d{2}-\d{2}$/);
    await date.waitFor();
    const label = shownPage(page).locator('.ac-stats span', { hasText: '会员' });
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 700 });
      // The shell scales rem with the width: wait until the page has taken this width.
      // (The root font size follows a resize after the shell's throttle: shell/src/app/scaling.ts.)
      await page.waitForFunction((w) => document.documentElement.clientWidth === w && document.documentElement.style.fontSize === `${Math.round(((16 * w) / 375) * 100) / 100}px`, width);
      const [dateBox, labelBox] = [(await date.boundingBox())!, (await label.boundingBox())!];
      expect(intersect(dateBox, labelBox)).toBe(false);
      // The date stays inside the card.
      const stats = (await shownPage(page).locator('.ac-stats').boundingBox())!;
      expect(dateBox.x).toBeGreaterThanOrEqual(stats.x);
      expect(dateBox.x + dateBox.width).toBeLessThanOrEqual(stats.x + stats.width);
      await screenshot(page, `pages-mine-member-${width}`);
    }
  });
});

describe('个人资料', () => {
  it('a tall photo becomes a square avatar (cropped in the browser before upload)', async () => {
    await registerInBrowser(page);
    await openRoute(page, '/pagesA/my/profile');
    const tall = Buffer.from(
      (
        (await page.evaluate(`(() => {
          const c = document.createElement('canvas');
          c.width = 600; c.height = 1000;
          const g = c.getContext('2d');
          g.fillStyle = '#ffb56b'; g.fillRect(0, 0, 600, 1000);
          g.fillStyle = '#0067ed'; g.beginPath(); g.arc(300, 500, 200, 0, Math.PI * 2); g.fill();
          return c.toDataURL('image/png');
        })()`)) as string
      ).split(',')[1]!,
      'base64',
    );
    const before = (await storedUser(page))!.avatar;
    await shownPage(page).locator('input[aria-label="选择头像"]').setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: tall });
    await page.waitForFunction((old) => {
      const avatar = JSON.parse(localStorage.getItem('userInfo') ?? '{}').avatar as string | undefined;
      return Boolean(avatar) && avatar !== old;
    }, before);
    const stored = (await storedUser(page))!.avatar;
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    }, stored);
    expect(size).toEqual({ width: 512, height: 512 }); // its centre square, drawn at 512 px a side at most
    await screenshot(page, 'pages-profile-avatar');
  });
});

describe('toasts', () => {
  it('a toast of one page does not stay over the next: any navigation closes it', async () => {
    await openRoute(page, '/pages/my/myIndex');
    await page.evaluate(() => (window as unknown as { uni: { showToast(o: object): Promise<void> } }).uni.showToast({ title: '这一页的提示', duration: 60000 }));
    const toast = page.locator('.adm-toast-main', { hasText: '这一页的提示' });
    await toast.waitFor();
    await page.evaluate(() => window.uni.navigateTo({ url: '/pages/about/about' }));
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pages/about/about');
    // Shown for a minute, it goes with its page.
    await toast.waitFor({ state: 'detached', timeout: 10000 });

    // Back (the browser's) is a navigation too.
    await page.evaluate(() => (window as unknown as { uni: { showToast(o: object): Promise<void> } }).uni.showToast({ title: '关于页的提示', duration: 60000 }));
    const second = page.locator('.adm-toast-main', { hasText: '关于页的提示' });
    await second.waitFor();
    await page.goBack();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pages/my/myIndex');
    await second.waitFor({ state: 'detached', timeout: 10000 });
  });
});

describe('empty states', () => {
  it('signed out and with no videos, each page shows a picture of what it is empty of', async () => {
    await openRoute(page, '/pages/create/create');
    await shownPage(page).locator('svg[data-kind="signed-out"]').waitFor();
    await screenshot(page, 'pages-empty-signed-out');
    await registerInBrowser(page, undefined, '/pages/create/create');
    await shownPage(page).getByText('还没有作品').waitFor();
    await shownPage(page).locator('svg[data-kind="videos"]').waitFor();
    await screenshot(page, 'pages-empty-videos');
    await openRoute(page, '/pagesA/my/exchangeRecords');
    await shownPage(page).locator('svg[data-kind="records"]').waitFor();
    await screenshot(page, 'pages-empty-records');
  });
});
