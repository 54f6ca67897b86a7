// AI 帮写 as a user meets it on 极速生成视频: the button with its price, the script box filling as
// the model writes (the stand-in streams it in small pieces, slowly enough to watch), and 停止.
// The server's model is the OpenAI-compatible stand-in (packages/server/test/stand-ins/openai-chat).
import type { Page } from 'playwright-core';
import { startOpenAiChatStandIn, type OpenAiChatStandIn } from '../../server/test/stand-ins/openai-chat';
import { registerInBrowser, storedUser } from '../src/account';
import { screenshot, useBrowserPage } from '../src/browser';
import { accountInfo, shownPage } from '../src/create';
import { startOwnServer, type RunningServer } from '../src/server';

const current = useBrowserPage();
let page: Page;
let standIn: OpenAiChatStandIn;
let server: RunningServer;

beforeAll(async () => {
  standIn = await startOpenAiChatStandIn({ models: ['qwen-plus'] });
  standIn.settings.chunkChars = 3;
  standIn.settings.chunkDelayMs = 120;
  server = await startOwnServer({ LLM_BASE_URL: standIn.url, LLM_API_KEY: standIn.apiKey, LLM_MODEL: 'qwen-plus', LLM_POINTS: '1', SEED_TEMPLATES: '0' });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});
beforeEach(() => {
  page = current.page();
});

it('AI 帮写 streams a script into the box; 停止 ends the next one and keeps what was written', async () => {
  await registerInBrowser(page, undefined, '/pagesA/create/addVideo');
  const form = shownPage(page);
  const button = form.getByRole('button', { name: 'AI 帮写' });
  await button.waitFor();
  expect(await form.locator('.cr-write').textContent()).toContain('消耗 1 积分');
  await form.locator('#cr-title').fill('春日出游');
  const box = form.locator('#cr-prompt');

  // Watch the box while the model writes: it grows, piece by piece.
  await button.click();
  const seen: string[] = [];
  while (await form.getByRole('button', { name: '停止' }).isVisible()) {
    const value = await box.inputValue();
    if (value !== seen.at(-1)) seen.push(value);
    if (seen.length === 4) await screenshot(page, 'write-assistant-streaming');
    await page.waitForTimeout(30);
  }
  const script = await box.inputValue();
  expect(seen.filter((v) => v !== '').length).toBeGreaterThanOrEqual(4);
  for (let i = 1; i < seen.length; i++) expect(seen[i]!.length).toBeGreaterThanOrEqual(seen[i - 1]!.length);
  expect(script.startsWith('春日出游来了！')).toBe(true);
  expect(script).toMatch(/^[^\n]+[。！？]$/);
  // 5 s by default: about 20 characters.
  expect([...script].length).toBeGreaterThanOrEqual(16);
  await screenshot(page, 'write-assistant-done');

  // A second script, stopped while it is being written.
  standIn.settings.chunkDelayMs = 400;
  const aborted = standIn.counts.aborted;
  await form.locator('#cr-title').fill('周末露营');
  await button.click();
  await page.waitForFunction(() => (document.querySelector<HTMLTextAreaElement>('.app-page[aria-hidden="false"] #cr-prompt')?.value ?? '').startsWith('周末'));
  await screenshot(page, 'write-assistant-before-stop');
  await form.getByRole('button', { name: '停止' }).click();
  await button.waitFor();
  const kept = await box.inputValue();
  expect(kept.startsWith('周末')).toBe(true);
  expect(kept.length).toBeLessThan(20);
  await page.waitForFunction(() => true);
  for (let i = 0; i < 100 && standIn.counts.aborted === aborted; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(standIn.counts.aborted).toBe(aborted + 1);
  await screenshot(page, 'write-assistant-stopped');

  // Two calls at 1 point each from the 10 welcome points; the stopped one had written text: kept.
  const { token } = (await storedUser(page))!;
  expect((await accountInfo(server.url, token)).createNum).toBe(8);
}, 180_000);
