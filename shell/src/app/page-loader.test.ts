import { PAGES } from '@app/shared';
import { LOAD_TIMEOUT_MS, LoadTimeout, PageLoader, loadTimeoutFrom } from './page-loader';

const about = PAGES.find((p) => p.route === 'pages/about/about')!;
const Page = () => null;

describe('PageLoader', () => {
  afterEach(() => jest.useRealTimers());

  it('loads a page once and shares the outcome', async () => {
    const load = jest.fn().mockResolvedValue(Page);
    const loader = new PageLoader({ load, reset: jest.fn(), failed: jest.fn() });
    expect(loader.get(about)).toEqual({ status: 'loading' });
    await Promise.all([loader.ensure(about), loader.ensure(about)]);
    await loader.ensure(about);
    expect(loader.get(about)).toEqual({ status: 'ready', component: Page });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('ends in error when the remote fails, and a retry loads again after a reset', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('ScriptExternalLoadError')).mockResolvedValueOnce(Page);
    const reset = jest.fn();
    const failed = jest.fn().mockResolvedValue('network');
    const loader = new PageLoader({ load, reset, failed });
    const seen: string[] = [];
    loader.subscribe(() => seen.push(loader.get(about).status));
    await loader.ensure(about);
    expect(loader.get(about)).toEqual({ status: 'error', error: new Error('ScriptExternalLoadError'), kind: 'network' });
    expect(failed).toHaveBeenCalledWith(about, new Error('ScriptExternalLoadError'));
    await loader.ensure(about); // no silent retry: the user asks for it
    expect(load).toHaveBeenCalledTimes(1);
    await loader.retry(about);
    expect(reset).toHaveBeenCalledWith(about);
    expect(loader.get(about)).toEqual({ status: 'ready', component: Page });
    expect(seen).toEqual(['loading', 'error', 'loading', 'ready']);
  });

  it('gives up after 60000 ms', async () => {
    jest.useFakeTimers();
    const failed = jest.fn().mockResolvedValue('timeout');
    const loader = new PageLoader({ load: () => new Promise(() => undefined), reset: jest.fn(), failed });
    const done = loader.ensure(about);
    jest.advanceTimersByTime(LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(loader.get(about).status).toBe('loading');
    jest.advanceTimersByTime(1);
    await done;
    expect(loader.get(about)).toMatchObject({ status: 'error', kind: 'timeout' });
    expect(failed.mock.calls[0][1]).toBeInstanceOf(LoadTimeout);
    expect(LOAD_TIMEOUT_MS).toBe(60000);
  });

  it('gives up sooner when the page’s address asks for a shorter time-out (1000–60000 ms), never later', async () => {
    expect(loadTimeoutFrom('')).toBe(60000);
    expect(loadTimeoutFrom('?loadTimeoutMs=5000')).toBe(5000);
    expect(loadTimeoutFrom('?x=1&loadTimeoutMs=1000')).toBe(1000);
    for (const ignored of ['?loadTimeoutMs=999', '?loadTimeoutMs=60001', '?loadTimeoutMs=0', '?loadTimeoutMs=-5', '?loadTimeoutMs=5e3', '?loadTimeoutMs=', '?loadTimeoutMs=abc']) {
      expect(loadTimeoutFrom(ignored)).toBe(60000);
    }
    jest.useFakeTimers();
    const loader = new PageLoader({ load: () => new Promise(() => undefined), reset: jest.fn(), failed: jest.fn().mockResolvedValue('timeout'), timeoutMs: 5000 });
    const done = loader.ensure(about);
    jest.advanceTimersByTime(4999);
    await Promise.resolve();
    expect(loader.get(about).status).toBe('loading');
    jest.advanceTimersByTime(1);
    await done;
    expect(loader.get(about)).toMatchObject({ status: 'error', kind: 'timeout' });
  });

  it('still ends in error, as a crash, when naming the failure fails', async () => {
    const loader = new PageLoader({ load: () => Promise.reject(new Error('x')), reset: jest.fn(), failed: () => Promise.reject(new Error('y')) });
    await loader.ensure(about);
    expect(loader.get(about)).toMatchObject({ status: 'error', kind: 'crashed' });
  });
});
