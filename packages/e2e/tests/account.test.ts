import type { Page } from 'playwright-core';
import { callApiOutside, createCodes, grantPoints, openTab, pullDown, registerInBrowser, storedUser, TEST_PASSWORD, uniquePhone } from '../src/account';
import { openRoute, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';

const current = useBrowserPage();
let page: Page;
beforeEach(() => {
  page = current.page();
});

const shown = () => page.locator('.app-page[aria-hidden="false"]');
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;
const uni = (call: string) => page.evaluate(call);

describe('the whole account path', () => {
  it('register, redeem a code from the admin command line, read both records, rename everywhere', async () => {
    const [code] = await createCodes({ points: 100, days: 30 });
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);

    const phone = await registerInBrowser(page);
    expect(await shownRoute(page)).toBe('pages/index/index');
    await expect(shown().getByLabel('积分余额').textContent()).resolves.toContain('10');

    await openTab(page, 2);
    await expect(shown().getByText(`用户${phone.slice(-4)}`).isVisible()).resolves.toBe(true);
    await expect(shown().getByText(masked(phone)).isVisible()).resolves.toBe(true);
    expect(await shown().getByLabel('积分余额').textContent()).toBe('10');
    await expect(shown().getByText('非会员').isVisible()).resolves.toBe(true);
    await screenshot(page, 'account-mine-signed-in');

    // Typed as a user might: lower case, in groups.
    await shown().getByText('兑换激活码').click();
    const typed = code!.toLowerCase().replace(/(.{4})(?!$)/g, '$1-');
    await page.getByRole('textbox', { name: '激活码' }).fill(typed);
    await page.getByRole('button', { name: '兑换', exact: true }).click();
    await page.getByText('兑换成功').waitFor();
    await expect(page.getByText('获得 100 积分').isVisible()).resolves.toBe(true);
    await expect(page.getByText('会员延长 30 天').isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('兑换后积分').textContent()).toBe('110');
    // 我的, under the dialog, already shows the new balance.
    expect(await shown().getByLabel('积分余额').textContent()).toBe('110');
    await screenshot(page, 'account-redeemed');
    await page.getByRole('button', { name: '完成' }).click();
    await page.getByText('兑换成功').waitFor({ state: 'detached' });
    await expect(shown().getByText(/^会员至 \d{4}-\d{2}-\d{2}$/).isVisible()).resolves.toBe(true);

    // The same code a second time: refused, in words.
    await shown().getByText('兑换激活码').click();
    await page.getByRole('textbox', { name: '激活码' }).fill(code!);
    await page.getByRole('button', { name: '兑换', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '激活码已被使用' }).waitFor();
    await screenshot(page, 'account-redeem-used');
    await page.getByRole('button', { name: '取消' }).click();

    await shown().getByText('积分记录').click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pagesA/my/pointsRecord');
    await shown().getByText('兑换激活码').waitFor();
    expect(await shown().getByLabel('积分变动').allTextContents()).toEqual(['+100', '+10']);
    await expect(shown().getByText('余额 110').isVisible()).resolves.toBe(true);
    const plus = await shown().getByLabel('积分变动').first().evaluate((el) => getComputedStyle(el).color);
    expect(plus).toBe('rgb(0, 103, 237)');
    await screenshot(page, 'account-points-records');

    await uni(`uni.redirectTo({ url: '/pagesA/my/exchangeRecords' })`);
    await waitForPage(page);
    const maskedCode = `${code!.slice(0, 4)}********${code!.slice(-4)}`;
    await shown().getByText(maskedCode).waitFor();
    await expect(shown().getByText('100 积分 + 会员 30 天').isVisible()).resolves.toBe(true);
    await screenshot(page, 'account-exchange-records');

    await uni(`uni.redirectTo({ url: '/pagesA/my/profile' })`);
    await waitForPage(page);
    const nickname = shown().getByRole('textbox', { name: '昵称' });
    await nickname.fill('镜头里的阿明');
    await shown().getByRole('textbox', { name: '姓名' }).fill('王明');
    await shown().getByRole('button', { name: '保存' }).click();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').nickname === '镜头里的阿明');
    await screenshot(page, 'account-profile-saved');

    // 我的 (kept alive under the stack) shows the new name without asking the server again.
    await uni(`uni.switchTab({ url: '/pages/my/myIndex' })`);
    await waitForPage(page);
    await expect(shown().getByText('镜头里的阿明').isVisible()).resolves.toBe(true);
    await screenshot(page, 'account-mine-renamed');
    // 首页 (another remote) shows the new name and numbers too.
    await openTab(page, 0);
    expect(await shown().getByLabel('积分余额').textContent()).toContain('110');
    await expect(shown().getByText('你好，镜头里的阿明').isVisible()).resolves.toBe(true);
    await screenshot(page, 'account-home-renamed');
    expect((await storedUser(page))?.nickname).toBe('镜头里的阿明');
  });

  it('uploads an avatar through the signed policy and shows it on 我的', async () => {
    await registerInBrowser(page, uniquePhone(), '/pagesA/my/profile');
    expect(await shownRoute(page)).toBe('pagesA/my/profile');
    // A 1×1 PNG: the store checks the bytes, not only the declared type.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await shown().getByLabel('选择头像').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}').avatar ?? '') !== '');
    const avatar = (await storedUser(page))!.avatar;
    expect(avatar).toMatch(/\/files\/.+/);
    expect((await page.request.get(new URL(avatar, page.url()).toString())).status()).toBe(200);
    await uni(`uni.switchTab({ url: '/pages/my/myIndex' })`);
    await waitForPage(page);
    await page.waitForFunction((src) => [...document.querySelectorAll('.ac-mine img')].some((img) => img.getAttribute('src') === src && (img as HTMLImageElement).complete), avatar);
    await screenshot(page, 'account-avatar');
  });
});

describe('积分记录 in the browser', () => {
  it('pull to refresh shows what changed meanwhile; more records load near the bottom', async () => {
    const phone = await registerInBrowser(page, uniquePhone(), '/pagesA/my/pointsRecord');
    await shown().getByLabel('积分变动').first().waitFor();
    expect(await shown().getByLabel('积分变动').allTextContents()).toEqual(['+10']);

    // An operator grants points meanwhile: this page does not know yet.
    for (let i = 1; i <= 23; i += 1) await grantPoints(phone, 5, `活动奖励 ${i}`);
    await grantPoints(phone, -10, '积分调整');
    // From below the one record: the whole page pulls, not only the list.
    await pullDown(page, 187, 400, 200);
    await shown().getByText('积分调整').waitFor();
    // One page of 20, newest first, each with the balance after it; a deduction in red (#cf1322, 4.5:1 or more on white).
    expect(await shown().getByLabel('积分变动').count()).toBe(20);
    const newest = shown().getByLabel('积分变动').first();
    expect(await newest.textContent()).toBe('-10');
    expect(await newest.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(207, 19, 34)');
    expect(await shown().locator('.ac-record-balance').first().textContent()).toBe('余额 115');
    await screenshot(page, 'points-records-refreshed');

    await shown().locator('.app-page-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await shown().getByText('新用户注册赠送').waitFor();
    expect(await shown().getByLabel('积分变动').count()).toBe(25);
    await shown().getByText('没有更多了').waitFor();
    await shown().locator('.app-page-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await screenshot(page, 'points-records-end');
  });
});

describe('登录', () => {
  it('validates inline, refuses a wrong password in words, then goes to the redirect', async () => {
    const phone = uniquePhone();
    // Create the account from outside the browser, as if on another device.
    expect((await callApiOutside('/api/v1/account/login_or_register', { phone, password: TEST_PASSWORD })).rspCode).toBe(0);

    await openRoute(page, `/pagesA/login/index?redirect=${encodeURIComponent('/pagesA/my/pointsRecord')}`);
    await page.getByRole('button', { name: '登录/注册' }).click();
    await expect(page.getByLabel('手机号提示').textContent()).resolves.toBe('请输入手机号');
    await expect(page.getByLabel('协议提示').textContent()).resolves.toBe('请先阅读并同意用户协议和隐私政策');
    await screenshot(page, 'login-invalid');

    await page.getByRole('textbox', { name: '手机号' }).fill(phone);
    await page.locator('input[aria-label="密码"]').fill('wrong-password');
    await page.getByRole('button', { name: '显示密码' }).click();
    expect(await page.locator('input[aria-label="密码"]').getAttribute('type')).toBe('text');
    await page.getByText('我已阅读并同意').click();
    await page.getByRole('button', { name: '登录/注册' }).click();
    await page.getByLabel('登录结果').filter({ hasText: '手机号或密码错误' }).waitFor();
    expect(await storedUser(page)).toBeNull();
    await screenshot(page, 'login-wrong-password');

    await page.locator('input[aria-label="密码"]').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: '登录/注册' }).click();
    await page.waitForFunction(() => getCurrentPages().at(-1)?.route === 'pagesA/my/pointsRecord');
    await waitForPage(page);
    await shown().getByText('注册赠送').or(shown().getByLabel('积分变动')).first().waitFor();
    expect(await shown().getByLabel('积分变动').allTextContents()).toEqual(['+10']);
  });

  it("states the password rule; a new phone with a weak password gets the server's rule, a good one signs up", async () => {
    await openRoute(page, '/pagesA/login/index');
    await expect(page.getByLabel('密码规则').filter({ visible: true }).textContent()).resolves.toBe('注册时密码须为 8-32 位，同时包含字母和数字，且不能包含手机号');
    await page.getByRole('textbox', { name: '手机号' }).fill(uniquePhone());
    await page.locator('input[aria-label="密码"]').fill('123456');
    await page.getByText('我已阅读并同意').click();
    await page.getByRole('button', { name: '登录/注册' }).click();
    await page.getByLabel('登录结果').filter({ hasText: '密码须为 8-32 位，同时包含字母和数字，且不能包含手机号' }).waitFor();
    expect(await storedUser(page)).toBeNull();
    await screenshot(page, 'login-weak-password');

    await page.locator('input[aria-label="密码"]').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: '登录/注册' }).click();
    await page.waitForFunction(() => getCurrentPages().at(-1)?.route !== 'pagesA/login/index');
    expect((await storedUser(page))?.createNum).toBe(10);
  });

  it("from a page's sign-in prompt: signs up and comes back to that page, once in the stack", async () => {
    await openRoute(page, '/');
    await uni(`uni.navigateTo({ url: '/pagesA/my/exchangeRecords' })`);
    await waitForPage(page);
    await shown().getByRole('button', { name: '登录/注册' }).click();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pagesA/login/index');
    await page.getByRole('textbox', { name: '手机号' }).fill(uniquePhone());
    await page.locator('input[aria-label="密码"]').fill(TEST_PASSWORD);
    await page.getByText('我已阅读并同意').click();
    await page.getByRole('button', { name: '登录/注册' }).click();
    await shown().getByText('暂无兑换记录').waitFor();
    expect(await page.evaluate(() => getCurrentPages().map((p) => p.route))).toEqual(['pages/index/index', 'pagesA/my/exchangeRecords']);
  });
});

describe('the session everywhere', () => {
  it('signing out in one tab signs out the other, and the token is revoked on the server', async () => {
    await registerInBrowser(page);
    const token = (await storedUser(page))!.token;
    const other = await current.context().newPage();
    await openRoute(other, '/pages/my/myIndex');
    await other.getByRole('button', { name: '退出登录' }).waitFor();

    // A tab in the background gets no animation frames: the dialog would barely move.
    await page.bringToFront();
    await openTab(page, 2);
    await shown().getByRole('button', { name: '退出登录' }).click();
    await page.getByText('确定要退出登录吗？').waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await shown().getByText('未登录').waitFor();

    // The other tab follows without a reload.
    await other.locator('.app-page[aria-hidden="false"]').getByText('未登录').waitFor();
    expect(await other.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(await other.getByLabel('积分余额').count()).toBe(0);
    await screenshot(other, 'session-other-tab-signed-out');

    const answer = await callApiOutside('/api/v1/account/getAccountInfo', { token });
    expect(answer.rspCode).toBe(6);
  });

  it('a token revoked on the server returns the app to signed out, on the next call and when back in front', async () => {
    await registerInBrowser(page);
    const token = (await storedUser(page))!.token;
    await openTab(page, 2);
    expect(await shown().getByLabel('积分余额').textContent()).toBe('10');

    // Revoked elsewhere (signed out on another device).
    expect((await callApiOutside('/api/v1/account/logout', { token })).rspCode).toBe(0);

    // The app comes back to the foreground: getAccountInfo answers rspCode 6.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await shown().getByText('未登录').waitFor();
    expect(await storedUser(page)).toBeNull();
    expect(await shown().getByLabel('积分余额').count()).toBe(0);
    await screenshot(page, 'session-revoked-mine');
    // Every page shows its signed-out state: no crash, no stale numbers.
    await openTab(page, 0);
    expect(await shown().getByLabel('积分余额').count()).toBe(0);
    await expect(shown().getByRole('button', { name: '登录/注册' }).isVisible()).resolves.toBe(true);
  });

  it('a token revoked while the app was closed: signed out at the next start', async () => {
    await registerInBrowser(page, uniquePhone(), '/pagesA/my/profile');
    const token = (await storedUser(page))!.token;
    expect((await callApiOutside('/api/v1/account/logout', { token })).rspCode).toBe(0);
    await page.reload();
    await waitForPage(page);
    await shown().getByText('登录后查看个人资料').waitFor();
    expect(await storedUser(page)).toBeNull();
  });

  it('a record page meeting a revoked token shows the sign-in prompt', async () => {
    await registerInBrowser(page, uniquePhone(), '/pagesA/my/exchangeRecords');
    await shown().getByText('暂无兑换记录').waitFor();
    const token = (await storedUser(page))!.token;
    expect((await callApiOutside('/api/v1/account/logout', { token })).rspCode).toBe(0);
    await uni(`uni.navigateTo({ url: '/pagesA/my/pointsRecord' })`);
    await waitForPage(page);
    await shown().getByText('登录后查看积分记录').waitFor();
    expect(await storedUser(page)).toBeNull();
    // The page below follows too.
    await uni('uni.navigateBack()');
    await shown().getByText('登录后查看兑换记录').waitFor();
    await screenshot(page, 'session-revoked-records');
  });
});
