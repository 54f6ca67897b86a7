// A video on a hosted model, as a user makes it: the model's card on 极速生成视频, its price, the
// stages on 生成视频成功, the finished video playing. The server is configured with DashScope's
// stand-in (packages/server/test/stand-ins/dashscope) as the vendor: no test reaches a vendor.
import type { Page } from 'playwright-core';
import { startDashScopeStandIn, type DashScopeStandIn } from '../../server/test/stand-ins/dashscope';
import { registerInBrowser, storedUser } from '../src/account';
import { screenshot, useBrowserPage, waitForPage } from '../src/browser';
import { accountInfo, drawPicture, shownPage } from '../src/create';
import { startOwnServer, type RunningServer } from '../src/server';

const current = useBrowserPage();
let page: Page;
let standIn: DashScopeStandIn;
let server: RunningServer;

beforeAll(async () => {
  standIn = await startDashScopeStandIn({ pendingPolls: 1, runningPolls: 2 });
  server = await startOwnServer({ DASHSCOPE_API_KEY: standIn.apiKey, DASHSCOPE_BASE_URL: standIn.url, DASHSCOPE_POINTS_PER_SECOND: '2', SEED_TEMPLATES: '0' });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});
beforeEach(() => {
  page = current.page();
});

it('通义万相 from its card: priced per second, its clip made from the picture, the stages shown, the video played', async () => {
  await registerInBrowser(page, undefined, '/pagesA/create/addVideo');
  const form = shownPage(page);
  const card = form.getByRole('radio', { name: /通义万相/ });
  await card.waitFor();
  expect(await card.textContent()).toContain('2 积分/秒');
  await card.click();
  await page.waitForFunction(() => document.querySelector('[aria-label="消耗积分"]')?.textContent === '10');
  await form.locator('#cr-title').fill('海边的清晨');
  await form.locator('#cr-prompt').fill('海浪轻轻拍打着沙滩。');
  await form.locator('.cr-picture-input').setInputFiles({ name: 'sea.png', mimeType: 'image/png', buffer: await drawPicture(page) });
  await form.locator('.cr-picture[data-status="done"]').waitFor();
  await screenshot(page, 'ai-model-form');
  await form.getByRole('button', { name: '生成视频' }).click();

  await page.waitForFunction(() => document.querySelector('.app-page[aria-hidden="false"]')?.getAttribute('data-route') === 'pagesA/create/createSuccess');
  const success = shownPage(page);
  await success.locator('.cr-status-card', { hasText: /AI 生成片段 0\/1|合成中/ }).waitFor({ timeout: 60_000 });
  await screenshot(page, 'ai-model-stage');
  await success.getByRole('button', { name: '观看视频' }).waitFor({ timeout: 120_000 });
  const sent = [...standIn.tasks.values()];
  expect(sent.map((t) => [t.model, t.image?.contentType, t.duration])).toEqual([['wan2.5-i2v-preview', 'image/png', 5]]);

  await success.getByRole('button', { name: '观看视频' }).click();
  await waitForPage(page);
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>('.app-page[aria-hidden="false"] video');
    return !!v && v.readyState >= 1 && Math.abs(v.duration - 5) < 0.2;
  });
  await screenshot(page, 'ai-model-video');
  const { token } = (await storedUser(page))!;
  expect((await accountInfo(server.url, token)).createNum).toBe(0);
}, 240_000);
