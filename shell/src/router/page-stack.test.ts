import { LOGIN_ROUTE, NavigationError, PAGES, type PageDef } from '@app/shared';
import { PageStack, type HistoryAdapter, type StackEntry } from './page-stack';

/** Records what the stack asked of the browser history. */
class FakeHistory implements HistoryAdapter {
  entries: string[] = [];
  position = -1;
  push(entry: StackEntry): void {
    this.entries = [...this.entries.slice(0, this.position + 1), entry.fullPath];
    this.position++;
  }
  replace(entry: StackEntry): void {
    if (this.position < 0) this.position = 0;
    this.entries[this.position] = entry.fullPath;
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
});
