import { PAGES } from '@app/shared';
import { createHashRouter } from 'react-router-dom';
import { RouterHistory } from './hash-history';
import type { StackEntry } from './page-stack';

const entry = (fullPath: string, id = 1): StackEntry => ({ id, page: PAGES[0]!, fullPath, query: {} });

/** A hash router over jsdom's window, as the shell makes one (the frame is its one route). */
function routerHistory(moves: unknown[] = []) {
  const router = createHashRouter([{ path: '*', element: null }]);
  const history = new RouterHistory(router, (url, position) => moves.push([url, position]));
  return { router, history, done: () => (history.dispose(), router.dispose()) };
}

/** Resolves once the router has settled on a new location after a browser move. */
function moved(router: ReturnType<typeof createHashRouter>): Promise<void> {
  const from = router.state.location.key;
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.location.key !== from && state.navigation.state === 'idle') {
        stop();
        resolve();
      }
    });
  });
}

describe('RouterHistory (react-router hash router under the page stack)', () => {
  afterEach(() => jest.useRealTimers());

  it('writes hash urls with the stack position', async () => {
    const { router, history, done } = routerHistory();
    await history.replace(entry('/'), 0);
    await history.push(entry('/pages/about/about?x=1', 2), 1);
    expect(window.location.hash).toBe('#/pages/about/about?x=1');
    expect(router.state.location.state).toEqual({ position: 1, id: 2 });
    expect(history.currentUrl()).toBe('/pages/about/about?x=1');
    done();
  });

  it('reports the browser moving on its own, not its own steps back', async () => {
    const moves: unknown[] = [];
    const { router, history, done } = routerHistory(moves);
    await history.replace(entry('/'), 0);
    await history.push(entry('/pages/about/about', 2), 1);
    await history.back(1);
    expect(history.currentUrl()).toBe('/');
    expect(moves).toEqual([]);
    const forward = moved(router);
    window.history.forward();
    await forward;
    expect(moves).toEqual([['/pages/about/about', 1]]);
    done();
  });

  it('does not wait forever when the browser cannot go back that far', async () => {
    jest.useFakeTimers();
    const { history, done } = routerHistory();
    const go = jest.spyOn(window.history, 'go').mockImplementation(() => undefined); // nothing to go back to
    const back = history.back(5);
    jest.advanceTimersByTime(1000);
    await expect(back).resolves.toBeUndefined();
    go.mockRestore();
    done();
  });
});
