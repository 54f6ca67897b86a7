// Background music as a user and an operator meet it: a track the operator added with the admin
// API (as `npm run admin -- music add` does) is offered on 极速生成视频 with a preview, the user
// uploads a file of their own, a disguised one is refused in Chinese, and the video is saved with
// the chosen music and volumes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { registerInBrowser, storedUser } from '../src/account';
import { screenshot, useBrowserPage } from '../src/browser';
import { shownPage } from '../src/create';
import { ROOT, startOwnServer, type RunningServer } from '../src/server';

const current = useBrowserPage();
let page: Page;
let server: RunningServer;
let song: Buffer;

beforeAll(async () => {
  // WORKERS 0: this file is about the choice and what is saved; the render is the engine's tests' business.
  server = await startOwnServer({ SEED_TEMPLATES: '0', WORKERS: '0' });
  const file = path.join(os.tmpdir(), `e2e-song-${process.pid}.mp3`);
  const ffmpeg = path.join(ROOT, 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=4', '-c:a', 'libmp3lame', file]);
  song = readFileSync(file);
  const token = readFileSync(path.join(server.dataDir, 'admin-token'), 'utf8').trim();
  const added = await fetch(`${server.url}/admin/api/music/add?${new URLSearchParams({ title: '小馆时光', mood: 'food' }).toString()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(song),
  });
  expect(((await added.json()) as { rspCode: number }).rspCode).toBe(0);
}, 180_000);
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  page = current.page();
});

it('背景音乐: the moods and the operator\'s track are offered, the user\'s own file goes up, a disguise is refused, the choice is saved', async () => {
  await registerInBrowser(page, undefined, '/pagesA/create/addVideo');
  const form = shownPage(page);
  await form.getByRole('radio', { name: '小馆时光' }).waitFor();
  expect(await form.getByRole('radio', { name: '模板音乐' }).getAttribute('aria-checked')).toBe('true');
  for (const mood of ['轻快旅行', '温馨美食', '喜庆节日', '科技律动', '温暖亲子', '沉稳商务', '无音乐']) await form.getByRole('radio', { name: mood }).waitFor();
  // The track's sample is its file, served by the store with an audio type.
  const sample = await fetch(`${server.url}${(await page.evaluate(async () => (await (await fetch('/api/v1/video_task/music', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()).data.list.find((m: { kind: string }) => m.kind === 'track').sampleUrl)) as string}`);
  expect([sample.status, sample.headers.get('content-type')]).toEqual([200, 'audio/mpeg']);

  const disguise = form.getByLabel('选择音乐文件');
  await disguise.setInputFiles({ name: 'photo.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('<html>not music</html>') });
  await form.locator('.cr-music-upload .cr-field-note', { hasText: '音频格式不支持，请上传 mp3、m4a、aac 或 wav' }).waitFor();
  expect(await form.getByRole('radio', { name: '模板音乐' }).getAttribute('aria-checked')).toBe('true');

  await form.getByLabel('选择音乐文件').setInputFiles({ name: '我的歌.mp3', mimeType: 'audio/mpeg', buffer: song });
  const mine = form.getByRole('radio', { name: '我的音乐：我的歌.mp3' });
  await mine.waitFor();
  expect(await mine.getAttribute('aria-checked')).toBe('true');
  await form.getByLabel('音乐音量').fill('35');
  await form.locator('#cr-title').fill('小馆一日');
  await form.locator('#cr-prompt').fill('清晨的小馆，炉火刚刚点燃。');
  await form.locator('.cr-music').scrollIntoViewIfNeeded();
  await screenshot(page, 'music-form');
  await form.getByRole('button', { name: '生成视频' }).click();
  await page.waitForFunction(() => document.querySelector('.app-page[aria-hidden="false"]')?.getAttribute('data-route') === 'pagesA/create/createSuccess');

  const token = (await storedUser(page))!.token;
  const list = await (await fetch(`${server.url}/api/v1/video_task/query_user_task`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) })).json();
  const [task] = (list as { data: { list: { music: string; musicVolume: number; voiceVolume: number }[] } }).data.list;
  expect(task).toMatchObject({ music: expect.stringMatching(/\/files\/users\/\d+\/audio\/[0-9a-f]{32}$/), musicVolume: 35, voiceVolume: 100 });
  const stored = await fetch(`${server.url}${task!.music}`);
  expect([stored.status, stored.headers.get('content-type'), Buffer.from(await stored.arrayBuffer()).equals(song)]).toEqual([200, 'audio/mpeg', true]);
});
