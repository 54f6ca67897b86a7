import { PAGES } from '@app/shared';
import { BrowserHistory, currentUrl } from './browser-history';
import type { StackEntry } from './page-stack';

const entry = (fullPath: string, id = 1): StackEntry => ({ id, page: PAGES[0]!, fullPath, query: {} });

describe('BrowserHistory', () => {
  afterEach(() => jest.useRealTimers());

  it('writes hash urls with the stack position', () => {
    const moves: unknown[] = [];
    const history = new BrowserHistory((url, position) => moves.push([url, position]));
    history.replace(entry('/'), 0);
    history.push(entry('/pages/about/about?x=1', 2), 1);
    expect(window.location.hash).toBe('#/pages/about/about?x=1');
    expect(window.history.state).toEqual({ position: 1, id: 2 });
    expect(currentUrl()).toBe('/pages/about/about?x=1');
    history.dispose();
  });

  it('reports the browser moving on its own, not its own steps back', async () => {
    const moves: unknown[] = [];
    const history = new BrowserHistory((url, position) => moves.push([url, position]));
    history.replace(entry('/'), 0);
    history.push(entry('/pages/about/about', 2), 1);
    await history.back(1);
    expect(moves).toEqual([]);
    window.history.forward();
    await new Promise((r) => window.addEventListener('popstate', r, { once: true }));
    expect(moves).toEqual([['/pages/about/about', 1]]);
    history.dispose();
  });

  it('does not wait forever when the browser cannot go back that far', async () => {
    jest.useFakeTimers();
    const history = new BrowserHistory(() => undefined);
    const go = jest.spyOn(window.history, 'go').mockImplementation(() => undefined); // nothing to go back to
    const done = history.back(5);
    jest.advanceTimersByTime(1000);
    await expect(done).resolves.toBeUndefined();
    go.mockRestore();
    history.dispose();
  });
});
