// A narrated video, as a user makes it: 配音 on 极速生成视频 with its voices and ▶ samples, a speed,
// 跟随配音时长 setting the length, the price with the narration, and the finished video. The server
// is configured with MiniMax's stand-in (packages/server/test/stand-ins/minimax-tts) as the
// vendor: no test reaches a vendor.
import type { Page } from 'playwright-core';
import { startMinimaxStandIn, type MinimaxStandIn } from '../../server/test/stand-ins/minimax-tts';
import { registerInBrowser, storedUser } from '../src/account';
import { screenshot, useBrowserPage, waitForPage } from '../src/browser';
import { accountInfo, shownPage } from '../src/create';
import { startOwnServer, type RunningServer } from '../src/server';

const current = useBrowserPage();
let page: Page;
let standIn: MinimaxStandIn;
let server: RunningServer;

type VoiceList = { list: { id: string; sampleUrl: string }[] };
const listVoices = async (): Promise<VoiceList> =>
  ((await (await fetch(`${server.url}/api/v1/video_task/voices`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json()) as { data: VoiceList }).data;

beforeAll(async () => {
  standIn = await startMinimaxStandIn();
  server = await startOwnServer({ MINIMAX_API_KEY: standIn.apiKey, MINIMAX_BASE_URL: standIn.url, SEED_TEMPLATES: '0' });
  // The first list asks for the samples; they are listed once stored.
  for (let i = 0; i < 600 && (await listVoices()).list.some((v) => v.sampleUrl === ''); i++) await new Promise((r) => setTimeout(r, 100));
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});
beforeEach(() => {
  page = current.page();
});

it('少女 at 1.2×, 跟随配音时长: the sample plays, the price includes the narration, the script is read into the video', async () => {
  await registerInBrowser(page, undefined, '/pagesA/create/addVideo');
  const form = shownPage(page);
  const voices = form.getByRole('radiogroup', { name: '配音' });
  await voices.waitFor();
  await form.locator('#cr-title').fill('湖边的早晨');
  const script = '清晨的阳光洒在湖面上，我们划着小船出发。';
  await form.locator('#cr-prompt').fill(script);
  await form.getByRole('radio', { name: /少女/ }).click();
  await form.getByRole('button', { name: '试听少女' }).click();
  await form.getByRole('button', { name: '停止少女' }).waitFor();
  // The sample is a stored WAV this browser decodes: its length is known once loaded.
  const sampleUrl = (await listVoices()).list.find((v) => v.id === 'minimax:female-shaonv')!.sampleUrl;
  const sampleSeconds = await page.evaluate(
    (url) => new Promise<number>((resolve, reject) => {
      const audio = new Audio(url);
      audio.onloadedmetadata = () => resolve(audio.duration);
      audio.onerror = () => reject(new Error(`sample did not load: ${url}`));
    }),
    sampleUrl,
  );
  expect(sampleSeconds).toBeGreaterThan(3);
  await form.getByRole('radio', { name: '1.2×' }).click();
  await form.getByRole('switch', { name: '跟随配音时长' }).click();
  // 18 characters at 4.8 a second: 3.75 s, with the title card and the tail 6 s; +2 for the narration.
  await page.waitForFunction(() => document.querySelector('[aria-label="消耗积分"]')?.textContent === '8');
  expect(await form.getByRole('spinbutton').inputValue()).toBe('6');
  await form.getByText('（含配音 2）').waitFor();
  await voices.scrollIntoViewIfNeeded();
  await screenshot(page, 'voice-picker');
  await form.getByRole('button', { name: '生成视频' }).click();

  await page.waitForFunction(() => document.querySelector('.app-page[aria-hidden="false"]')?.getAttribute('data-route') === 'pagesA/create/createSuccess');
  const success = shownPage(page);
  await success.getByRole('button', { name: '观看视频' }).waitFor({ timeout: 120_000 });
  const read = standIn.calls.filter((c) => c.outcome === 0 && script.includes(c.text)).map((c) => [c.text, c.voiceId, c.speed]);
  expect(read).toEqual([['清晨的阳光洒在湖面上', 'female-shaonv', 1.2], ['我们划着小船出发', 'female-shaonv', 1.2]]);

  await success.getByRole('button', { name: '观看视频' }).click();
  await waitForPage(page);
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>('.app-page[aria-hidden="false"] video');
    return !!v && v.readyState >= 1 && Math.abs(v.duration - 6) < 0.3;
  });
  await shownPage(page).getByText(/配音 少女/).waitFor();
  await screenshot(page, 'voice-video');
  const { token } = (await storedUser(page))!;
  expect((await accountInfo(server.url, token)).createNum).toBe(2);
}, 240_000);
