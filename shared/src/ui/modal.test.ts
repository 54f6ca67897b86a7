import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { setLocale } from '../i18n/locale';
import { showModal } from './modal';
import { dismissOverlays, openOverlays } from './overlays';
import { showActionSheet } from './show-action-sheet';

// The dialog comes from kit/more, loaded on first use; compiling it for the first
// time can outlast findByText's wait on a busy machine, so load it before the tests.
beforeAll(() => import('@app/shared/kit/more'));

// jsdom runs no closing animation, after which the kit would take a closed dialog out: each test
// starts with none left over, and with nothing counted as open.
afterEach(() => {
  dismissOverlays('navigation');
  document.body.innerHTML = '';
});

async function press(text: string): Promise<void> {
  fireEvent.click(await screen.findByText(text));
}

it('resolves confirm, with the buttons in the chosen language', async () => {
  setLocale('zh-Hans');
  const answer = showModal({ title: '退出登录', content: '确定要退出吗？' });
  expect(await screen.findByText('确定要退出吗？')).toBeTruthy();
  expect(await screen.findByText('取消')).toBeTruthy();
  await press('确定');
  await expect(answer).resolves.toEqual({ confirm: true, cancel: false });
});

it('resolves cancel', async () => {
  setLocale('en');
  const answer = showModal({ content: 'Delete?', confirmText: '删除' });
  await press('Cancel');
  await expect(answer).resolves.toEqual({ confirm: false, cancel: true });
});

it('without a cancel button, only confirm', async () => {
  setLocale('fr');
  const answer = showModal({ content: 'Info', showCancel: false });
  await press('OK');
  await expect(answer).resolves.toEqual({ confirm: true, cancel: false });
  expect(screen.queryByText('Annuler')).toBeNull();
});

it('back or a navigation closes it as a cancel: its confirm never runs', async () => {
  setLocale('zh-Hans');
  const answer = showModal({ title: '删除视频', content: '删除后无法恢复，确定删除吗？', confirmText: '删除' });
  await screen.findByText('删除后无法恢复，确定删除吗？');
  expect(openOverlays()).toBe(1);
  dismissOverlays('back');
  await expect(answer).resolves.toEqual({ confirm: false, cancel: true });
  expect(openOverlays()).toBe(0);
});

it('a closed dialog is no longer counted as open', async () => {
  setLocale('zh-Hans');
  const answer = showModal({ content: '好吗？' });
  await press('确定');
  await answer;
  expect(openOverlays()).toBe(0);
});

describe('showActionSheet', () => {
  it('resolves with the key of the action tapped', async () => {
    setLocale('zh-Hans');
    const picked = showActionSheet({ title: '我的视频', actions: [{ key: 'copy', text: '复制链接' }, { key: 'delete', text: '删除', danger: true }] });
    await press('复制链接');
    await expect(picked).resolves.toBe('copy');
    expect(openOverlays()).toBe(0);
  });

  it('resolves null on 取消, and when back closes it', async () => {
    setLocale('zh-Hans');
    const cancelled = showActionSheet({ actions: [{ key: 'delete', text: '删除' }] });
    const sheets = await screen.findAllByText('取消');
    fireEvent.click(sheets.at(-1)!);
    await expect(cancelled).resolves.toBeNull();
    const backed = showActionSheet({ actions: [{ key: 'delete', text: '删除' }] });
    await waitFor(() => expect(openOverlays()).toBe(1)); // shown (the kit loads first)
    dismissOverlays('back');
    await expect(backed).resolves.toBeNull();
  });
});
