import { screen, waitFor } from '@testing-library/dom';
import { Toast } from '@app/shared/kit/more';
import { dismissOverlays } from './overlays';
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
    { content: 'a', icon: undefined, duration: 1500, maskClickable: true, afterClose: expect.any(Function) },
    { content: 'b', icon: 'fail', duration: 3000, maskClickable: false, afterClose: expect.any(Function) },
    { content: 'c', duration: 2000, afterClose: expect.any(Function) },
  ]);
});

describe('a toast belongs to its page', () => {
  const gone = (text: string) => waitFor(() => expect(screen.queryByText(text)).toBeNull());

  it('any navigation closes it: it does not stay over the next page', async () => {
    await toast('已保存', 60000);
    await screen.findByText('已保存');
    dismissOverlays('navigation');
    await gone('已保存');
  });

  it('back among the dialogs of the page leaves it (only a navigation takes it)', async () => {
    await showToast({ title: '下载中…', icon: 'loading', duration: 0 });
    await screen.findByText('下载中…');
    dismissOverlays('back', 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('下载中…')).not.toBeNull();
    dismissOverlays('navigation');
    await gone('下载中…');
  });

  it('one asked for before a navigation that happened while the kit loaded is not shown', async () => {
    const show = jest.spyOn(Toast, 'show');
    const asked = toast('页面上的提示', 60000);
    dismissOverlays('navigation');
    await asked;
    expect(show).not.toHaveBeenCalled();
  });

  it('a toast that outlives its page (the welcome after sign-up) stays through the navigation under way, not the next', async () => {
    await toast('上一页的提示', 60000);
    await toast('欢迎！已赠送 +10 积分', 60000, { outlivesPage: true });
    await screen.findByText('欢迎！已赠送 +10 积分');
    dismissOverlays('navigation');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('欢迎！已赠送 +10 积分')).not.toBeNull();
    dismissOverlays('navigation');
    await gone('欢迎！已赠送 +10 积分');
  });

  it('the welcome asked for as the navigation starts is shown, and also goes with the next one', async () => {
    const asked = toast('欢迎！已赠送 +10 积分', 60000, { outlivesPage: true });
    dismissOverlays('navigation');
    await asked;
    await screen.findByText('欢迎！已赠送 +10 积分');
    dismissOverlays('navigation');
    await gone('欢迎！已赠送 +10 积分');
  });
});
