import { screen } from '@testing-library/dom';
import { Toast } from '@app/shared/kit/more';
import { RUNTIME_TOAST_MS, UI_TOAST_MS, showToast, toast } from './toast';

afterEach(() => {
  jest.restoreAllMocks();
  Toast.clear();
});

it('really renders on React 19 (the createRoot renderer is registered)', async () => {
  showToast('网络错误，换个网络试试');
  expect(await screen.findByText('网络错误，换个网络试试')).toBeTruthy();
});

it('runtime toasts last 1500 ms by default, UI-kit toasts 2000 ms', async () => {
  const show = jest.spyOn(Toast, 'show');
  await showToast('a');
  await showToast({ title: 'b', icon: 'error', duration: 3000, mask: true });
  await toast('c');
  expect(RUNTIME_TOAST_MS).toBe(1500);
  expect(UI_TOAST_MS).toBe(2000);
  expect(show.mock.calls.map(([props]) => props)).toEqual([
    { content: 'a', icon: undefined, duration: 1500, maskClickable: true },
    { content: 'b', icon: 'fail', duration: 3000, maskClickable: false },
    { content: 'c', duration: 2000 },
  ]);
});
