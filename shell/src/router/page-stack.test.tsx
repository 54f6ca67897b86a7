import { act, render } from '@testing-library/react';
import { LOGIN_ROUTE, NavigationError, PageContext, PAGES, provideNavigation, provideOverlayHistory, trackOverlay, useLeaveGuard, type PageDef } from '@app/shared';
import { PageStack, type HistoryAdapter, type HistoryMarks, type StackEntry } from './page-stack';

/** Records what the stack asked of the browser history. */
class FakeHistory implements HistoryAdapter {
  entries: string[] = [];
  marks: HistoryMarks[] = [];
  position = -1;
  push(entry: StackEntry, _position: number, marks: HistoryMarks = {}): void {
    this.entries = [...this.entries.slice(0, this.position + 1), entry.fullPath];
    this.marks = [...this.marks.slice(0, this.position + 1), marks];
    this.position++;
  }
  replace(entry: StackEntry, _position: number, marks: HistoryMarks = {}): void {
    if (this.position < 0) this.position = 0;
    this.entries[this.position] = entry.fullPath;
    this.marks[this.position] = marks;
  }
  /** The entries up to the current one: what back walks through. */
  get behind(): string[] {
    return this.entries.slice(0, this.position + 1);
  }
  async back(count: number): Promise<void> {
    this.position = Math.max(0, this.position - count);
  }
  get current(): string | undefined {
    return this.entries[this.position];
  }
}

function setup(options: { pages?: PageDef[]; loggedIn?: boolean; prepare?: () => Promise<unknown> } = {}) {
  const history = new FakeHistory();
  const stack = new PageStack({
    pages: options.pages,
    isLoggedIn: () => options.loggedIn ?? false,
    history,
    prepare: options.prepare ?? (() => Promise.resolve()),
  });
  const routes = () => stack.getCurrentPages().map((p) => p.route);
  provideOverlayHistory({ opened: () => stack.overlayOpened(), closed: () => stack.overlayClosed() });
  return { stack, history, routes };
}

/** A prepare step the test finishes by hand: `settle()` completes every page load begun so far. */
function manualPrepare() {
  const pending: Array<() => void> = [];
  return {
    prepare: () => new Promise<void>((resolve) => pending.push(resolve)),
    settle: async () => {
      await new Promise((r) => setTimeout(r, 0));
      pending.splice(0).forEach((resolve) => resolve());
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

async function failure(p: Promise<unknown>): Promise<NavigationError> {
  try {
    await p;
  } catch (e) {
    return e as NavigationError;
  }
  throw new Error('expected the navigation to fail');
}

describe('PageStack', () => {
  it('starts on the address-bar page; `/` is home', async () => {
    const { stack, routes, history } = setup();
    await stack.start('/');
    expect(routes()).toEqual(['pages/index/index']);
    expect(history.current).toBe('/');
  });

  it('starts on home when the address names an unknown page', async () => {
    const { stack, routes } = setup();
    await stack.start('/no/such/page');
    expect(routes()).toEqual(['pages/index/index']);
  });

  it('navigateTo pushes, with the query reaching the page', async () => {
    const { stack, routes, history } = setup();
    await stack.start('/');
    const res = await stack.navigateTo({ url: '/pagesA/detail/videoDetail?id=42&t=a%20b' });
    expect(res).toEqual({ errMsg: 'navigateTo:ok' });
    expect(routes()).toEqual(['pages/index/index', 'pagesA/detail/videoDetail']);
    expect(stack.getCurrentPages()[1]!.options).toEqual({ id: '42', t: 'a b' });
    expect(history.entries).toEqual(['/', '/pagesA/detail/videoDetail?id=42&t=a%20b']);
  });

  it('resolves relative urls against the current page', async () => {
    const { stack, routes } = setup();
    await stack.start('/pagesA/my/profile');
    await stack.navigateTo({ url: 'pointsRecord' });
    await stack.navigateTo({ url: '../create/addVideo' });
    expect(routes()).toEqual(['pagesA/my/profile', 'pagesA/my/pointsRecord', 'pagesA/create/addVideo']);
  });

  it('fails with "page `x` is not found" for an unknown page', async () => {
    const { stack } = setup();
    await stack.start('/');
    const err = await failure(stack.navigateTo({ url: '/pages/nope/nope?a=1' }));
    expect(err).toBeInstanceOf(NavigationError);
    expect(err.message).toBe('page `/pages/nope/nope?a=1` is not found');
    expect(err.errMsg).toBe('navigateTo:fail page `/pages/nope/nope?a=1` is not found');
    for (const method of ['redirectTo', 'reLaunch', 'switchTab'] as const) {
      expect((await failure(stack[method]({ url: '/x' }))).message).toBe('page `/x` is not found');
    }
  });

  it('refuses to push a tab page: "can not navigateTo a tabbar page"', async () => {
    const { stack, routes } = setup();
    await stack.start('/');
    expect((await failure(stack.navigateTo({ url: '/pages/my/myIndex' }))).message).toBe('can not navigateTo a tabbar page');
    expect((await failure(stack.redirectTo({ url: '/pages/my/myIndex' }))).message).toBe('can not redirectTo a tabbar page');
    expect(routes()).toEqual(['pages/index/index']);
  });

  it('refuses to switch to a page without a tab: "can not switch to no-tabBar page"', async () => {
    const { stack } = setup();
    await stack.start('/');
    expect((await failure(stack.switchTab({ url: '/pages/about/about' }))).message).toBe('can not switch to no-tabBar page');
  });

  it('redirectTo replaces the top page', async () => {
    const { stack, routes, history } = setup();
    await stack.start('/');
    await stack.navigateTo({ url: '/pagesA/create/addVideo' });
    await stack.redirectTo({ url: '/pagesA/create/createSuccess?id=7' });
    expect(routes()).toEqual(['pages/index/index', 'pagesA/create/createSuccess']);
    expect(history.entries).toEqual(['/', '/pagesA/create/createSuccess?id=7']);
  });

  it('switchTab drops non-tab pages and keeps tab pages alive', async () => {
    const { stack, routes } = setup();
    await stack.start('/');
    const home = stack.getState().stack[0]!;
    await stack.navigateTo({ url: '/pages/about/about' });
    await stack.switchTab({ url: '/pages/my/myIndex?ignored=1' });
    expect(routes()).toEqual(['pages/my/myIndex']);
    expect(stack.getCurrentPages()[0]!.options).toEqual({}); // a tab page takes no query
    expect(stack.getState().mounted.map((e) => e.page.route).sort()).toEqual(['pages/index/index', 'pages/my/myIndex']);
    await stack.switchTab({ url: '/' });
    expect(stack.getState().stack[0]).toBe(home); // the same instance, state kept
  });

  it('reLaunch clears every page, tab pages included', async () => {
    const { stack, routes, history } = setup();
    await stack.start('/');
    await stack.switchTab({ url: '/pages/create/create' });
    await stack.navigateTo({ url: '/pages/about/about' });
    await stack.reLaunch({ url: '/pagesA/my/profile?x=1' });
    expect(routes()).toEqual(['pagesA/my/profile']);
    expect(stack.getState().mounted).toHaveLength(1);
    expect(history.position).toBe(0);
    expect(history.current).toBe('/pagesA/my/profile?x=1');
  });

  it('navigateBack pops delta pages, clamped to the stack', async () => {
    const { stack, routes, history } = setup();
    await stack.start('/');
    await stack.navigateTo({ url: '/pages/about/about' });
    await stack.navigateTo({ url: '/pagesA/my/profile' });
    await stack.navigateTo({ url: '/pagesA/my/pointsRecord' });
    await stack.navigateBack();
    expect(routes()).toEqual(['pages/index/index', 'pages/about/about', 'pagesA/my/profile']);
    await stack.navigateBack({ delta: 99 });
    expect(routes()).toEqual(['pages/index/index']);
    expect(history.position).toBe(0);
    expect((await failure(stack.navigateBack())).errMsg).toBe('navigateBack:fail cannot navigate back');
  });

  it('holds "{url} locked" while a navigation to the same target is under way, and releases it when done', async () => {
    const { prepare, settle } = manualPrepare();
    const { stack, routes } = setup({ prepare });
    const starting = stack.start('/');
    await settle();
    await starting;
    const first = stack.navigateTo({ url: '/pages/about/about' });
    const err = await failure(stack.navigateTo({ url: '/pages/about/about' }));
    expect(err.message).toBe('/pages/about/about locked');
    expect(err.errMsg).toBe('navigateTo:fail /pages/about/about locked');
    await new Promise((r) => setTimeout(r, 20));
    // Still under way (the page has not loaded): still locked, however long it takes.
    expect((await failure(stack.navigateTo({ url: '/pages/about/about' }))).message).toBe('/pages/about/about locked');
    await settle();
    await first;
    // Released on completion (no timer): the same target may be opened again at once.
    const again = stack.navigateTo({ url: '/pages/about/about' });
    await settle();
    await again;
    expect(routes()).toEqual(['pages/index/index', 'pages/about/about', 'pages/about/about']);
  });

  it('does not lock a different target', async () => {
    const { prepare, settle } = manualPrepare();
    const { stack, routes } = setup({ prepare });
    const starting = stack.start('/');
    await settle();
    await starting;
    const a = stack.navigateTo({ url: '/pages/about/about' });
    const b = stack.navigateTo({ url: '/pagesA/my/profile' });
    await settle();
    await Promise.all([a, b]);
    expect(routes()).toHaveLength(3);
  });

  it('releases the lock when the page fails to load too', async () => {
    const { stack } = setup({ prepare: () => Promise.reject(new Error('remote down')) });
    await stack.start('/');
    await stack.navigateTo({ url: '/pages/about/about' });
    await expect(stack.navigateTo({ url: '/pages/about/about' })).resolves.toEqual({ errMsg: 'navigateTo:ok' });
  });

  describe('login guard', () => {
    const guarded = PAGES.map((p) => (p.route === 'pagesA/my/profile' ? { ...p, needLogin: true } : p));

    it('no page is flagged today, so nothing is guarded', () => {
      expect(PAGES.filter((p) => p.needLogin)).toEqual([]);
    });

    it.each(['navigateTo', 'redirectTo', 'reLaunch'] as const)('%s to a flagged page without a token goes to login with the encoded url', async (method) => {
      const { stack, routes } = setup({ pages: guarded });
      await stack.start('/');
      await stack[method]({ url: '/pagesA/my/profile?tab=a&b=1' });
      const top = stack.getCurrentPages().at(-1)!;
      expect(top.route).toBe(LOGIN_ROUTE);
      expect(top.options.redirect).toBe('/pagesA/my/profile?tab=a&b=1');
      expect(top.fullPath).toBe(`/${LOGIN_ROUTE}?redirect=${encodeURIComponent('/pagesA/my/profile?tab=a&b=1')}`);
      expect(routes()).not.toContain('pagesA/my/profile');
    });

    it('switchTab to a flagged tab page without a token goes to login', async () => {
      const pages = PAGES.map((p) => (p.route === 'pages/my/myIndex' ? { ...p, needLogin: true } : p));
      const { stack, routes } = setup({ pages });
      await stack.start('/');
      await stack.switchTab({ url: '/pages/my/myIndex' });
      expect(routes()).toEqual([LOGIN_ROUTE]);
      expect(stack.getCurrentPages()[0]!.options.redirect).toBe('/pages/my/myIndex');
    });

    it('lets a signed-in user through', async () => {
      const { stack, routes } = setup({ pages: guarded, loggedIn: true });
      await stack.start('/');
      await stack.navigateTo({ url: '/pagesA/my/profile' });
      expect(routes()).toEqual(['pages/index/index', 'pagesA/my/profile']);
    });

    it('guards the first page too', async () => {
      const { stack, routes } = setup({ pages: guarded });
      await stack.start('/pagesA/my/profile');
      expect(routes()).toEqual([LOGIN_ROUTE]);
    });
  });

  describe('following the browser', () => {
    it('back button: pops to the recorded position', async () => {
      const { stack, routes } = setup();
      await stack.start('/');
      await stack.navigateTo({ url: '/pages/about/about' });
      await stack.navigateTo({ url: '/pagesA/my/profile' });
      await stack.followBrowser('/', 0);
      expect(routes()).toEqual(['pages/index/index']);
    });

    it('an edited address opens that page on top', async () => {
      const { stack, routes } = setup();
      await stack.start('/');
      await stack.followBrowser('/pages/about/about', undefined);
      expect(routes()).toEqual(['pages/index/index', 'pages/about/about']);
      await stack.followBrowser('/pages/my/myIndex', undefined);
      expect(routes()).toEqual(['pages/my/myIndex']);
    });
  });

  describe('tabs and back (docs/product.md "Tab bar")', () => {
    it('another tab sits on a 首页 entry: back from it returns to 首页, and 首页 is the first entry', async () => {
      const { stack, routes, history } = setup();
      await stack.start('/');
      await stack.switchTab({ url: '/pages/my/myIndex' });
      expect(history.behind).toEqual(['/', '/pages/my/myIndex']);
      await stack.switchTab({ url: '/pages/create/create' });
      expect(history.behind).toEqual(['/', '/pages/create/create']);
      expect(history.marks[1]).toEqual({ base: 1 });
      // The browser's back: it is on the 首页 entry now.
      history.position = 0;
      await stack.followBrowser('/', 0, {});
      expect(routes()).toEqual(['pages/index/index']);
      await stack.switchTab({ url: '/pages/my/myIndex' });
      await stack.switchTab({ url: '/' });
      expect(history.behind).toEqual(['/']);
    });

    it('pages opened from another tab come back to it, and 首页 stays below', async () => {
      const { stack, routes, history } = setup();
      await stack.start('/');
      await stack.switchTab({ url: '/pages/my/myIndex' });
      await stack.navigateTo({ url: '/pages/about/about' });
      expect(history.behind).toEqual(['/', '/pages/my/myIndex', '/pages/about/about']);
      await stack.navigateBack();
      expect(routes()).toEqual(['pages/my/myIndex']);
      expect(history.behind).toEqual(['/', '/pages/my/myIndex']);
      await stack.navigateTo({ url: '/pages/about/about' });
      await stack.reLaunch({ url: '/pages/about/about' });
      expect(history.behind).toEqual(['/pages/about/about']);
    });
  });

  describe('dialogs over the page (overlays.ts)', () => {

    it('a dialog takes a history step; the browser’s back closes it and stays on the page', async () => {
      const { stack, routes, history } = setup();
      await stack.start('/');
      await stack.navigateTo({ url: '/pages/about/about' });
      const dismiss = jest.fn();
      trackOverlay(dismiss);
      await tick();
      expect(history.behind).toEqual(['/', '/pages/about/about', '/pages/about/about']);
      expect(history.marks[2]).toEqual({ overlay: 1 });
      history.position = 1;
      await stack.followBrowser('/pages/about/about', 1, {});
      expect(dismiss).toHaveBeenCalledWith('back');
      expect(routes()).toEqual(['pages/index/index', 'pages/about/about']);
      // The next back leaves the page.
      history.position = 0;
      await stack.followBrowser('/', 0, {});
      expect(routes()).toEqual(['pages/index/index']);
    });

    it('a dialog closed by its own button gives its step back', async () => {
      const { stack, history } = setup();
      await stack.start('/');
      const release = trackOverlay(jest.fn());
      await tick();
      expect(history.position).toBe(1);
      release();
      await tick();
      expect(history.position).toBe(0);
      release(); // twice is once
      await tick();
      expect(history.position).toBe(0);
    });

    it('any navigation closes what is open, as a cancel, and removes its step', async () => {
      const { stack, routes, history } = setup();
      await stack.start('/');
      await stack.navigateTo({ url: '/pages/about/about' });
      const first = jest.fn();
      const second = jest.fn();
      trackOverlay(first);
      trackOverlay(second);
      await tick();
      await stack.navigateBack();
      expect(first).toHaveBeenCalledWith('navigation');
      expect(second).toHaveBeenCalledWith('navigation');
      expect(routes()).toEqual(['pages/index/index']);
      expect(history.behind).toEqual(['/']);

      const third = jest.fn();
      trackOverlay(third);
      await tick();
      await stack.navigateTo({ url: '/pages/about/about' });
      expect(third).toHaveBeenCalledWith('navigation');
      expect(history.behind).toEqual(['/', '/pages/about/about']);
    });

    it('an edited address closes what is open too', async () => {
      const { stack, routes } = setup();
      await stack.start('/');
      const dismiss = jest.fn();
      trackOverlay(dismiss);
      await tick();
      await stack.followBrowser('/pages/about/about', undefined, {});
      expect(dismiss).toHaveBeenCalledWith('navigation');
      expect(routes()).toEqual(['pages/index/index', 'pages/about/about']);
    });
  });

  describe('a page with unsaved changes (useLeaveGuard)', () => {
    function Guarded({ ask }: { ask: () => Promise<boolean> }) {
      useLeaveGuard(true, ask);
      return null;
    }

    async function guardedProfile(ask: () => Promise<boolean>) {
      const env = setup();
      provideNavigation(env.stack);
      await env.stack.start('/');
      await env.stack.navigateTo({ url: '/pagesA/my/profile' });
      const top = env.stack.getState().stack.at(-1)!;
      const view = render(
        <PageContext.Provider value={{ id: top.id, route: top.page.route, query: {}, active: true }}>
          <Guarded ask={ask} />
        </PageContext.Provider>,
      );
      await act(tick);
      return { ...env, view };
    }

    it('navigateBack asks; a refusal keeps the page, an agreement leaves it', async () => {
      const ask = jest.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
      const { stack, routes, history, view } = await guardedProfile(ask);
      // The guard holds a step, as a dialog does.
      expect(history.behind).toEqual(['/', '/pagesA/my/profile', '/pagesA/my/profile']);
      await expect(stack.navigateBack()).rejects.toMatchObject({ errMsg: 'navigateBack:fail cancelled by the page' });
      expect(routes()).toEqual(['pages/index/index', 'pagesA/my/profile']);
      await stack.navigateBack();
      expect(routes()).toEqual(['pages/index/index']);
      expect(history.behind).toEqual(['/']);
      expect(ask).toHaveBeenCalledTimes(2);
      view.unmount();
    });

    it('the browser’s back asks instead of leaving; after a refusal the next back asks again', async () => {
      let answer!: (leave: boolean) => void;
      const ask = jest.fn(() => new Promise<boolean>((r) => (answer = r)));
      const { stack, routes, history, view } = await guardedProfile(ask);
      history.position = 1;
      await stack.followBrowser('/pagesA/my/profile', 1, {});
      expect(ask).toHaveBeenCalledTimes(1);
      await act(async () => answer(false));
      await act(tick);
      expect(routes()).toEqual(['pages/index/index', 'pagesA/my/profile']);
      expect(history.behind).toEqual(['/', '/pagesA/my/profile', '/pagesA/my/profile']); // armed again
      history.position = 1;
      await stack.followBrowser('/pagesA/my/profile', 1, {});
      await act(async () => answer(true));
      await act(tick);
      expect(routes()).toEqual(['pages/index/index']);
      view.unmount();
    });
  });
});
