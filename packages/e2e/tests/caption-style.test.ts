// 极速生成视频 as a user sees it: the duration hint follows what is typed and is applied only with a
// tap, the 字幕样式 cards show each look, and the chosen look is saved with the task.
import type { VideoTask } from '@app/contract';
import type { Page } from 'playwright-core';
import { callApiOutside, registerInBrowser, storedUser, uniquePhone } from '../src/account';
import { openRoute, screenshot, useBrowserPage } from '../src/browser';
import { shownPage } from '../src/create';

const current = useBrowserPage();
let page: Page;

beforeEach(() => {
  page = current.page();
});

it('suggests a duration, applies it on a tap, and saves the chosen caption style', async () => {
  await registerInBrowser(page, uniquePhone(), '/');
  const { token } = (await storedUser(page))!;
  await openRoute(page, '/pagesA/create/addVideo');
  const form = shownPage(page);

  await form.locator('#cr-title').fill('海边');
  // 22 characters: 5.5 s read, after the 1.5 s title card → 7 s.
  await form.locator('#cr-prompt').fill('清晨的阳光洒在海面上。我们一起出发去看日出！');
  await form.getByText('建议时长 7 秒').waitFor();
  expect(await form.getByRole('spinbutton').inputValue()).toBe('5');
  await form.getByRole('button', { name: '使用' }).click();
  // The tap's render may land after the click returns: wait for the field to take the length
  // (the test's time-out is the limit; a tap that never applies it fails here).
  const length = form.getByRole('spinbutton');
  await length.evaluate((input) => new Promise<void>((resolve) => {
    const check = () => ((input as HTMLInputElement).value === '7' ? resolve() : requestAnimationFrame(check));
    check();
  }));
  expect(await length.inputValue()).toBe('7');
  await form.getByText(/建议时长/).waitFor({ state: 'detached' });

  const group = form.getByRole('radiogroup', { name: '字幕样式' });
  expect(await group.locator('.cr-caption-style-name').allTextContents()).toEqual(['跟随模板', '经典', '醒目', '电影字幕']);
  await group.getByRole('radio', { name: /醒目/ }).click();
  expect(await group.getByRole('radio', { name: /醒目/ }).getAttribute('aria-checked')).toBe('true');
  await group.scrollIntoViewIfNeeded();
  await screenshot(page, 'caption-style-picker');

  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[aria-label="消耗积分"]')?.textContent ?? ''));
  await form.getByRole('button', { name: '生成视频' }).click();
  await page.waitForFunction(() => getCurrentPages().at(-1)?.route === 'pagesA/create/createSuccess');
  const answer = await callApiOutside<{ list: VideoTask[] }>('/api/v1/video_task/query_user_task', { token });
  expect(answer.rspCode).toBe(0);
  expect('data' in answer && answer.data.list[0]).toMatchObject({ title: '海边', duration: 7, captionStyle: 'bold' });
});
