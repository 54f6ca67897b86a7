import { fireEvent, screen } from '@testing-library/dom';
import { setLocale } from '../i18n/locale';
import { showModal } from './modal';

// The dialog comes from kit/more, loaded on first use; compiling it for the first
// time can outlast findByText's wait on a busy machine, so load it before the tests.
beforeAll(() => import('@app/shared/kit/more'));

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
