import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { PAGES } from '@app/shared';
import { RouterBridge, RouterHistory } from './hash-history';
import type { StackEntry } from './page-stack';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const entry = (fullPath: string, id = 1): StackEntry => ({ id, page: PAGES[0]!, fullPath, query: {} });

/** A <HashRouter> over jsdom's window with the bridge, as the shell renders it. */
function routerHistory(moves: unknown[] = []) {
  const history = new RouterHistory((url, position) => moves.push([url, position]));
  const root = createRoot(document.createElement('div'));
  const mount = () =>
    act(() =>
      root.render(
        <HashRouter>
          <RouterBridge history={history} />
        </HashRouter>,
      ),
    );
  return { history, mount, done: () => act(() => root.unmount()) };
}

/**
 * Runs `step`, which moves the browser (popstate), lets React render the router's answer, then
 * waits for what `step` returned (a step back resolves only once the router has rendered it).
 */
async function viaBrowser(step: () => unknown): Promise<void> {
  let result: unknown;
  await act(async () => {
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    result = step();
    await popped;
  });
  await result;
}

describe('RouterHistory (react-router-dom <HashRouter> under the page stack)', () => {
  afterEach(() => jest.useRealTimers());

  it('writes hash urls with the stack position', async () => {
    const { history, mount, done } = routerHistory();
    await mount();
    await act(() => history.replace(entry('/'), 0));
    await act(() => history.push(entry('/pages/about/about?x=1', 2), 1));
    expect(window.location.hash).toBe('#/pages/about/about?x=1');
    expect(window.history.state.usr).toEqual({ position: 1, id: 2 });
    expect(history.currentUrl()).toBe('/pages/about/about?x=1');
    await done();
  });

  it('keeps the steps asked for before the router has mounted, and makes them once it has', async () => {
    const { history, mount, done } = routerHistory();
    const pushed = history.push(entry('/pages/about/about?early=1', 3), 1);
    expect(window.location.hash).not.toBe('#/pages/about/about?early=1');
    await mount();
    await act(() => pushed);
    expect(window.location.hash).toBe('#/pages/about/about?early=1');
    await done();
  });

  it('reports the browser moving on its own, not its own steps back', async () => {
    const moves: unknown[] = [];
    const { history, mount, done } = routerHistory(moves);
    await mount();
    await act(() => history.replace(entry('/'), 0));
    await act(() => history.push(entry('/pages/about/about', 2), 1));
    await viaBrowser(() => history.back(1));
    expect(history.currentUrl()).toBe('/');
    expect(moves).toEqual([]);
    await viaBrowser(() => window.history.forward());
    expect(moves).toEqual([['/pages/about/about', 1]]);
    await done();
  });

  it('reports each address edited by hand, though such entries carry no state (and share one key)', async () => {
    const moves: unknown[] = [];
    window.history.replaceState(null, '', '#/pages/about/about?id=1');
    const { mount, done } = routerHistory(moves);
    await mount();
    await viaBrowser(() => (window.location.hash = '#/pages/about/about'));
    await viaBrowser(() => (window.location.hash = '#/pages/about/about?id=2'));
    expect(moves).toEqual([
      ['/pages/about/about', undefined],
      ['/pages/about/about?id=2', undefined],
    ]);
    await done();
  });

  it('does not wait forever when the browser cannot go back that far', async () => {
    const { history, mount, done } = routerHistory();
    await mount();
    jest.useFakeTimers();
    const go = jest.spyOn(window.history, 'go').mockImplementation(() => undefined); // nothing to go back to
    const back = history.back(5);
    jest.advanceTimersByTime(1000);
    await expect(back).resolves.toBeUndefined();
    go.mockRestore();
    await done();
  });
});
