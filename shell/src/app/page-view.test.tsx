import { act, fireEvent, render, screen } from '@testing-library/react';
import { PAGES, setLocale } from '@app/shared';
import { PageLoader } from './page-loader';
import { PageView } from './page-view';

const about = PAGES.find((p) => p.route === 'pages/about/about')!;

describe('PageView', () => {
  beforeAll(() => setLocale('zh-Hans'));
  afterEach(() => jest.useRealTimers());

  it('shows the loading indicator only after 200 ms, then the page', async () => {
    jest.useFakeTimers();
    let finish!: (c: () => React.ReactElement) => void;
    const loader = new PageLoader({ load: () => new Promise((r) => (finish = r)), reset: jest.fn(), failed: jest.fn().mockResolvedValue('crashed') });
    render(<PageView page={about} loader={loader} />);
    act(() => jest.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toContain('加载中');
    await act(async () => finish(() => <p>关于页面</p>));
    expect(screen.getByText('关于页面')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the retry element when the page fails, and a click loads it again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(() => <p>关于页面</p>);
    const reset = jest.fn();
    const loader = new PageLoader({ load, reset, failed: jest.fn().mockResolvedValue('timeout') });
    render(<PageView page={about} loader={loader} />);
    const retry = await screen.findByText('连接服务器超时，点击屏幕重试');
    await act(async () => {
      fireEvent.click(retry);
    });
    expect(reset).toHaveBeenCalledWith(about);
    expect(await screen.findByText('关于页面')).toBeTruthy();
  });

  it('keeps a page that throws inside its own frame', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    const loader = new PageLoader({ load: async () => Broken, reset: jest.fn(), failed: jest.fn().mockResolvedValue('crashed') });
    render(<PageView page={about} loader={loader} />);
    expect(await screen.findByText('页面出错了，点击重试')).toBeTruthy();
    spy.mockRestore();
  });

  it.each([
    ['missing', '页面文件找不到了（可能刚发布了新版本），点击屏幕重试'],
    ['network', '无法连接服务器，请检查网络后点击屏幕重试'],
    ['timeout', '连接服务器超时，点击屏幕重试'],
    ['incompatible', '页面版本与应用不兼容，点击屏幕重试'],
    ['crashed', '页面出错了，点击重试'],
  ] as const)('says what went wrong for a %s load', async (kind, message) => {
    const loader = new PageLoader({ load: () => Promise.reject(new Error(kind)), reset: jest.fn(), failed: async () => kind });
    render(<PageView page={about} loader={loader} />);
    const shown = await screen.findByText(message);
    expect(shown.closest('.app-page-error')?.getAttribute('data-kind')).toBe(kind);
  });

  it('names and reports a page that throws while rendering; a chunk it lacks shows as missing', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const lost = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
    const Broken = () => {
      throw lost;
    };
    const failed = jest.fn().mockResolvedValue('missing');
    const loader = new PageLoader({ load: async () => Broken, reset: jest.fn(), failed });
    render(<PageView page={about} loader={loader} />);
    expect(await screen.findByText('页面文件找不到了（可能刚发布了新版本），点击屏幕重试')).toBeTruthy();
    expect(failed).toHaveBeenCalledWith(about, lost);
    spy.mockRestore();
  });
});
