// Signing in by SMS code and getting back into an account, as a user does it on a phone:
// 验证码登录 (with Tencent Cloud SMS's stand-in, packages/server/test/stand-ins/tencent-sms, as the
// vendor: no test reaches a vendor), 设置密码 / 修改密码 and 退出所有设备 in 个人资料, 忘记密码 by code,
// an operator's one-time password and its 设置新密码 step; and 忘记密码 on a server without SMS.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { startTencentSmsStandIn, type TencentSmsStandIn } from '../../server/test/stand-ins/tencent-sms';
import { checkAccessibility } from '../src/accessibility';
import { callApiOutside, storedUser, uniquePhone } from '../src/account';
import { postApi } from '../src/api';
import { baseUrl, openRoute, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';
import { shownPage } from '../src/create';
import { ROOT, startOwnServer, type RunningServer } from '../src/server';

const run = promisify(execFile);
const ADMIN_TOKEN = 'admin-token-for-the-recovery-tests';
const LOGIN = '/api/v1/account/login_or_register';
const ACCOUNT_INFO = '/api/v1/account/getAccountInfo';

const current = useBrowserPage();
let page: Page;
beforeEach(() => {
  page = current.page();
});

/** Whether `password` signs `phone` in (asked from outside the browser, as another device). */
async function passwordWorks(phone: string, password: string): Promise<boolean> {
  return (await callApiOutside(LOGIN, { phone, password })).rspCode === 0;
}

/** A new account with a password, made from outside the browser: its token (another device's session). */
async function otherDevice(phone: string, password: string): Promise<string> {
  const answer = await callApiOutside<{ token: string }>(LOGIN, { phone, password });
  if (answer.rspCode !== 0) throw new Error(`sign-up failed: ${JSON.stringify(answer)}`);
  return answer.data!.token;
}

const signedIn = async (token: string) => (await callApiOutside(ACCOUNT_INFO, { token })).rspCode;

/** Finds a visible control of the page on top by role and name. */
const control = (role: 'button' | 'tab' | 'textbox' | 'link', name: string) => shownPage(page).getByRole(role, { name, exact: true });
const field = (label: string) => shownPage(page).locator(`input[aria-label="${label}"]`);

async function leaveLogin(): Promise<void> {
  await page.waitForFunction(() => getCurrentPages().at(-1)?.route !== 'pagesA/login/index');
  await waitForPage(page);
}

describe('with SMS codes', () => {
  let sms: TencentSmsStandIn;
  let server: RunningServer;
  beforeAll(async () => {
    sms = await startTencentSmsStandIn({ perNumberPerHour: 100 });
    server = await startOwnServer({
      SEED_TEMPLATES: '0',
      ADMIN_TOKEN,
      SMS_PROVIDER: 'tencent',
      SMS_SECRET_ID: sms.secretId,
      SMS_SECRET_KEY: sms.secretKey,
      SMS_SDK_APP_ID: sms.sdkAppId,
      SMS_SIGN_NAME: sms.signName,
      SMS_TEMPLATE_ID: sms.templateId,
      SMS_ENDPOINT: sms.url,
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await sms?.close();
  });

  /** The code the stand-in last received for `phone` (a reset code goes out just after its answer). */
  async function codeFor(phone: string, sentBefore = 0): Promise<string> {
    for (let i = 0; i < 300; i++) {
      const sent = sms.sent.filter((s) => s.phone === phone);
      if (sent.length > sentBefore) return sent.at(-1)!.params[0]!;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no SMS reached ${phone}`);
  }

  it('验证码登录 is the default: a 60 s countdown, the code signs a new phone up; 设置密码 in 个人资料 sets its first password', async () => {
    const problems: string[] = [];
    await openRoute(page, '/pagesA/login/index');
    const codeTab = control('tab', '验证码登录');
    await codeTab.waitFor();
    expect(await codeTab.getAttribute('aria-selected')).toBe('true');
    const code = field('验证码');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    problems.push(...(await checkAccessibility(page, 'login-code')));

    const phone = uniquePhone();
    await control('textbox', '手机号').fill(phone);
    await shownPage(page).getByRole('button', { name: '获取验证码' }).tap();
    const waiting = shownPage(page).getByRole('button', { name: /^\d+ 秒后重新获取$/ });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);
    expect(Number(/^(\d+)/.exec((await waiting.textContent())!)![1])).toBeLessThanOrEqual(60);
    await code.fill(await codeFor(phone));
    await shownPage(page).getByText('我已阅读并同意').tap();
    await screenshot(page, 'recovery-login-code');
    await control('button', '登录/注册').tap();
    await leaveLogin();
    const user = await storedUser(page);
    expect(user).toMatchObject({ phone, hasPassword: false });

    await openRoute(page, '/pagesA/my/profile');
    await shownPage(page).getByText('设置密码', { exact: true }).tap();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pagesA/my/changePassword');
    expect(await field('原密码').count()).toBe(0);
    problems.push(...(await checkAccessibility(page, 'set-password')));
    await field('新密码').fill('mypass123');
    await field('确认新密码').fill('mypass124');
    await control('button', '确定').tap();
    await shownPage(page).getByText('两次输入的新密码不一致').waitFor();
    await field('确认新密码').fill('mypass123');
    await screenshot(page, 'recovery-set-password');
    await control('button', '确定').tap();
    await page.waitForFunction(() => getCurrentPages().at(-1)?.route === 'pagesA/my/profile');
    expect(await passwordWorks(phone, 'mypass123')).toBe(true);
    expect(await storedUser(page)).toMatchObject({ hasPassword: true });
    await shownPage(page).getByText('修改密码', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows the server’s wait in Chinese after a 429 and counts it down', async () => {
    const phone = uniquePhone();
    // Another device asked for this phone's code a moment ago: one a minute.
    expect((await postApi(baseUrl(), '/api/v1/account/send_code', { phone, purpose: 'login' })).status).toBe(200);
    await openRoute(page, '/pagesA/login/index');
    await control('textbox', '手机号').fill(phone);
    await shownPage(page).getByRole('button', { name: '获取验证码' }).tap();
    const said = shownPage(page).getByLabel('登录结果');
    await page.waitForFunction(() => /^获取验证码过于频繁，请 \d+ 秒后再试$/.test(document.querySelector('.app-page[aria-hidden="false"] [aria-label="登录结果"]')?.textContent ?? ''));
    const seconds = Number(/(\d+)/.exec((await said.textContent())!)![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await shownPage(page).getByRole('button', { name: /^\d+ 秒后重新获取$/ }).isDisabled()).toBe(true);
    await screenshot(page, 'recovery-login-429');
  });

  it('修改密码 ends the other devices’ sessions; 退出所有设备 ends this one too', async () => {
    const phone = uniquePhone();
    const other = await otherDevice(phone, 'first-pass1');
    await openRoute(page, '/pagesA/login/index');
    await control('tab', '密码登录').tap();
    await control('textbox', '手机号').fill(phone);
    await field('密码').fill('first-pass1');
    await shownPage(page).getByText('我已阅读并同意').tap();
    await control('button', '登录/注册').tap();
    await leaveLogin();

    await openRoute(page, '/pagesA/my/profile');
    await shownPage(page).getByText('修改密码', { exact: true }).tap();
    await waitForPage(page);
    await field('原密码').fill('wrong-pass1');
    await field('新密码').fill('second-pass2');
    await field('确认新密码').fill('second-pass2');
    await control('button', '确定').tap();
    await shownPage(page).getByText('原密码错误').waitFor();
    await screenshot(page, 'recovery-change-password-wrong');
    expect(await checkAccessibility(page, 'change-password')).toEqual([]);
    await field('原密码').fill('first-pass1');
    await control('button', '确定').tap();
    await page.waitForFunction(() => getCurrentPages().at(-1)?.route === 'pagesA/my/profile');
    expect(await signedIn(other)).toBe(6);
    const mine = (await storedUser(page))!.token;
    expect(await signedIn(mine)).toBe(0);
    expect(await passwordWorks(phone, 'second-pass2')).toBe(true);

    await waitForPage(page);
    await screenshot(page, 'recovery-profile');
    expect(await checkAccessibility(page, 'profile-with-password-rows')).toEqual([]);
    await shownPage(page).getByText('退出所有设备', { exact: true }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('所有设备（包括这台）上的登录都会退出，需要重新登录。').waitFor();
    await screenshot(page, 'recovery-logout-all-confirm');
    await dialog.getByRole('button', { name: '全部退出' }).tap();
    await page.waitForFunction(() => getCurrentPages().at(-1)?.route === 'pagesA/login/index');
    expect(await storedUser(page)).toBeNull();
    expect(await signedIn(mine)).toBe(6);
  });

  it('忘记密码: the code sent for reset sets a new password, signs in, and ends the other sessions', async () => {
    const phone = uniquePhone();
    const other = await otherDevice(phone, 'forgotten1');
    await openRoute(page, '/pagesA/login/index');
    await control('tab', '密码登录').tap();
    await control('link', '忘记密码').tap();
    await waitForPage(page);
    expect(await shownRoute(page)).toBe('pagesA/login/forgotPassword');
    await control('textbox', '手机号').fill(phone);
    await shownPage(page).getByRole('button', { name: '获取验证码' }).tap();
    await shownPage(page).getByRole('button', { name: /^\d+ 秒后重新获取$/ }).waitFor();
    await field('验证码').fill(await codeFor(phone));
    await field('新密码').fill('remembered2');
    await field('确认新密码').fill('remembered2');
    await screenshot(page, 'recovery-forgot-password');
    expect(await checkAccessibility(page, 'forgot-password-sms')).toEqual([]);
    await control('button', '重设密码').tap();
    await page.waitForFunction(() => getCurrentPages().at(-1)?.route === 'pages/my/myIndex');
    expect(await storedUser(page)).toMatchObject({ phone });
    expect(await signedIn(other)).toBe(6);
    expect(await passwordWorks(phone, 'forgotten1')).toBe(false);
    expect(await passwordWorks(phone, 'remembered2')).toBe(true);
  });

  it('an operator’s one-time password signs in to 设置新密码 first', async () => {
    const phone = uniquePhone();
    await otherDevice(phone, 'lost-pass1');
    const { stdout } = await run('npm', ['run', '-s', 'admin', '--', 'users', 'reset-password', phone], { cwd: ROOT, env: { ...process.env, ADMIN_URL: baseUrl(), ADMIN_TOKEN } });
    const oneTime = stdout.trim();
    expect(oneTime).toMatch(/^[a-z2-9]{10}$/);

    await openRoute(page, '/pagesA/login/index');
    await control('tab', '密码登录').tap();
    await control('textbox', '手机号').fill(phone);
    await field('密码').fill(oneTime);
    await shownPage(page).getByText('我已阅读并同意').tap();
    await control('button', '登录/注册').tap();
    await shownPage(page).getByRole('heading', { name: '设置新密码' }).waitFor();
    // Not signed in yet: the session is stored once the password is replaced.
    expect(await storedUser(page)).toBeNull();
    expect(await checkAccessibility(page, 'set-new-password-step')).toEqual([]);
    await field('新密码').fill('my-own-pass3');
    await field('确认新密码').fill('my-own-pass3');
    await screenshot(page, 'recovery-one-time-password');
    await control('button', '确定').tap();
    await leaveLogin();
    const token = (await storedUser(page))!.token;
    expect(await signedIn(token)).toBe(0);
    expect(await passwordWorks(phone, oneTime)).toBe(false);
    expect(await passwordWorks(phone, 'my-own-pass3')).toBe(true);
  });
});

describe('without SMS codes', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startOwnServer({ SEED_TEMPLATES: '0', SUPPORT_CONTACT: '客服微信 ai-video-help' });
  }, 180_000);
  afterAll(() => server?.stop());

  it('登录 has only the password form; 忘记密码 shows the operator’s contact and what happens next', async () => {
    await openRoute(page, '/pagesA/login/index');
    await field('密码').waitFor();
    expect(await shownPage(page).getByRole('tab').count()).toBe(0);
    await screenshot(page, 'recovery-login-no-sms');
    expect(await checkAccessibility(page, 'login-password-no-sms')).toEqual([]);
    await control('link', '忘记密码').tap();
    await waitForPage(page);
    const contact = shownPage(page).getByText('客服微信 ai-video-help');
    await contact.waitFor();
    await shownPage(page).getByText(/一次性密码/).waitFor();
    await screenshot(page, 'recovery-forgot-password-no-sms');
    expect(await checkAccessibility(page, 'forgot-password-no-sms')).toEqual([]);
  });
});
