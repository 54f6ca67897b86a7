import { PAGES } from '@app/shared';
import { LOAD_TIMEOUT_MS, PageLoader } from './page-loader';

const about = PAGES.find((p) => p.route === 'pages/about/about')!;
const Page = () => null;

describe('PageLoader', () => {
  afterEach(() => jest.useRealTimers());

  it('loads a page once and shares the outcome', async () => {
    const load = jest.fn().mockResolvedValue(Page);
    const loader = new PageLoader({ load, reset: jest.fn() });
    expect(loader.get(about)).toEqual({ status: 'loading' });
    await Promise.all([loader.ensure(about), loader.ensure(about)]);
    await loader.ensure(about);
    expect(loader.get(about)).toEqual({ status: 'ready', component: Page });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('ends in error when the remote fails, and a retry loads again after a reset', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('ScriptExternalLoadError')).mockResolvedValueOnce(Page);
    const reset = jest.fn();
    const loader = new PageLoader({ load, reset });
    const seen: string[] = [];
    loader.subscribe(() => seen.push(loader.get(about).status));
    await loader.ensure(about);
    expect(loader.get(about).status).toBe('error');
    await loader.ensure(about); // no silent retry: the user asks for it
    expect(load).toHaveBeenCalledTimes(1);
    await loader.retry(about);
    expect(reset).toHaveBeenCalledWith(about);
    expect(loader.get(about)).toEqual({ status: 'ready', component: Page });
    expect(seen).toEqual(['loading', 'error', 'loading', 'ready']);
  });

  it('gives up after 60000 ms', async () => {
    jest.useFakeTimers();
    const loader = new PageLoader({ load: () => new Promise(() => undefined), reset: jest.fn() });
    const done = loader.ensure(about);
    jest.advanceTimersByTime(LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(loader.get(about).status).toBe('loading');
    jest.advanceTimersByTime(1);
    await done;
    expect(loader.get(about)).toMatchObject({ status: 'error', error: new Error('timeout') });
    expect(LOAD_TIMEOUT_MS).toBe(60000);
  });
});
