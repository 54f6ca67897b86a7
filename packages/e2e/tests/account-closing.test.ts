// 注销账号 and 导出我的数据 in the browser, against the real server (ACCOUNT_DELETE_DAYS 15, no SMS:
// the password confirms). The sweep itself, with a controlled clock, is a server test
// (packages/server/test/routes/api/v1/account/close-account.test.ts).
import type { Page } from 'playwright-core';
import { checkAccessibility } from '../src/accessibility';
import { callApiOutside, openTab, registerInBrowser, storedUser, TEST_PASSWORD } from '../src/account';
import { openRoute, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';

const current = useBrowserPage({ hasTouch: true });
let page: Page;
beforeEach(() => {
  page = current.page();
});

const shown = () => page.locator('.app-page[aria-hidden="false"]');

/** Opens a row of 个人资料 as a finger would. */
async function openFromProfile(row: string): Promise<void> {
  await openRoute(page, '/pagesA/my/profile');
  await shown().getByText(row, { exact: true }).tap();
  await waitForPage(page);
}

/** Signs in through 登录 with the phone and the test password (the account exists already). */
async function signInForm(phone: string): Promise<void> {
  await openRoute(page, '/pagesA/login/index');
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.locator('input[aria-label="密码"]').fill(TEST_PASSWORD);
  await page.getByText('我已阅读并同意').click();
  await page.getByRole('button', { name: '登录/注册' }).click();
}

describe('导出我的数据', () => {
  it('prepares the zip in the background and offers its download link, which answers the zip', async () => {
    const problems: string[] = [];
    await registerInBrowser(page);
    await openFromProfile('导出我的数据');
    expect(await shownRoute(page)).toBe('pagesA/my/exportData');
    await shown().getByText('尚未导出').waitFor();
    problems.push(...(await checkAccessibility(page, 'export-data')));
    await screenshot(page, 'export-data-none');

    await shown().getByRole('button', { name: '导出我的数据' }).tap();
    await shown().getByText(/^已就绪（\d+ KB），\d{4}-\d{2}-\d{2} \d{2}:\d{2} 前有效$/).waitFor({ timeout: 30_000 });
    const link = shown().getByRole('link', { name: '下载 zip' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/api\/v1\/account\/export_file\?id=\d+&expires=\d+&sig=[0-9a-f]{64}$/);
    problems.push(...(await checkAccessibility(page, 'export-data-ready')));
    await screenshot(page, 'export-data-ready');

    // The link answers the zip (PK\3\4) to whoever holds it, as a download.
    const answer = await page.evaluate(async (url) => {
      const res = await fetch(url!);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { status: res.status, disposition: res.headers.get('content-disposition'), head: Array.from(bytes.slice(0, 4)) };
    }, href);
    expect(answer).toEqual({ status: 200, disposition: expect.stringContaining('attachment'), head: [0x50, 0x4b, 0x03, 0x04] });

    // 重新导出: the old link stops at once.
    await shown().getByRole('button', { name: '重新导出' }).tap();
    const newLink = shown().locator(`a.ac-export-link:not([href="${href}"])`);
    await newLink.waitFor({ timeout: 30_000 });
    const newer = await newLink.getAttribute('href');
    const statuses = await page.evaluate(async (urls) => Promise.all(urls.map(async (url) => (await fetch(url!)).status)), [href, newer]);
    expect(statuses).toEqual([404, 200]);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('注销账号', () => {
  it('lists what will be lost, confirms with the password, signs out, and offers to cancel on the next sign-in', async () => {
    const problems: string[] = [];
    const phone = await registerInBrowser(page);
    await openFromProfile('注销账号');
    expect(await shownRoute(page)).toBe('pagesA/my/closeAccount');
    await shown().getByText('注销后将失去以下内容，且无法恢复').waitFor();
    // The user's own numbers: the 10 welcome points, no videos, one record.
    await expect(shown().getByText('10 积分').isVisible()).resolves.toBe(true);
    await expect(shown().getByText('0 个').isVisible()).resolves.toBe(true);
    await expect(shown().getByText(/15 天冷静期/).isVisible()).resolves.toBe(true);
    problems.push(...(await checkAccessibility(page, 'close-account')));
    await screenshot(page, 'close-account');

    // Nothing typed, then a wrong password: said in words, nothing happens.
    await shown().getByRole('button', { name: '申请注销' }).tap();
    await shown().getByRole('alert', { name: '注销结果' }).filter({ hasText: '请输入密码' }).waitFor();
    await shown().locator('input[aria-label="密码"]').fill('wrong-pass-1');
    await shown().getByRole('button', { name: '申请注销' }).tap();
    await page.getByRole('button', { name: '确定注销' }).tap();
    await shown().getByRole('alert', { name: '注销结果' }).filter({ hasText: '密码错误' }).waitFor();
    await screenshot(page, 'close-account-wrong-password');
    expect((await storedUser(page))?.token).toBeTruthy();

    // 再想想 keeps everything.
    await shown().locator('input[aria-label="密码"]').fill(TEST_PASSWORD);
    await shown().getByRole('button', { name: '申请注销' }).tap();
    await page.getByText('确定注销账号吗？').waitFor();
    await screenshot(page, 'close-account-confirm');
    await page.getByRole('button', { name: '再想想' }).tap();
    await page.getByText('确定注销账号吗？').waitFor({ state: 'detached' });
    expect((await storedUser(page))?.token).toBeTruthy();

    await shown().getByRole('button', { name: '申请注销' }).tap();
    await page.getByRole('button', { name: '确定注销' }).tap();
    await page.waitForFunction(() => getCurrentPages().at(-1)?.route === 'pages/my/myIndex');
    await waitForPage(page);
    await shown().getByText('未登录').waitFor();
    expect(await storedUser(page)).toBeNull();
    await screenshot(page, 'close-account-requested');

    // Signing in during the cooling-off: the dialog, and 退出登录 leaves the closing as it is.
    await signInForm(phone);
    await page.getByText('账号注销中').waitFor();
    await expect(page.getByText(/将于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 永久注销/).isVisible()).resolves.toBe(true);
    problems.push(...(await checkAccessibility(page, 'closing-dialog')));
    await screenshot(page, 'close-account-sign-in-dialog');
    await page.getByRole('button', { name: '退出登录' }).tap();
    await page.getByText('账号注销中').waitFor({ state: 'detached' });
    expect(await shownRoute(page)).toBe('pagesA/login/index');
    await page.waitForFunction(() => localStorage.getItem('userInfo') === null);

    // Again, and 撤销注销: signed in as before, and the account no longer closing.
    await page.getByRole('button', { name: '登录/注册' }).click();
    await page.getByText('账号注销中').waitFor();
    await page.getByRole('button', { name: '撤销注销' }).tap();
    await page.waitForFunction(() => getCurrentPages().at(-1)?.route !== 'pagesA/login/index');
    await waitForPage(page);
    await page.getByText('已撤销注销，欢迎回来').waitFor();
    await screenshot(page, 'close-account-cancelled');
    const token = (await storedUser(page))!.token;
    expect((await callApiOutside('/api/v1/account/getAccountInfo', { token })).rspCode).toBe(0);
    const again = await callApiOutside<{ closingAt?: number }>('/api/v1/account/login_or_register', { phone, password: TEST_PASSWORD });
    expect(again).toMatchObject({ rspCode: 0 });
    expect(again).not.toHaveProperty('data.closingAt');
    await openTab(page, 2);
    expect(problems).toEqual([]);
  }, 120_000);
});
