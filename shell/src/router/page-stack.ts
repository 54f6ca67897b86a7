import {
  HOME_ROUTE,
  LOGIN_ROUTE,
  NavigationError,
  PAGES,
  loginRequiredRoutes,
  type NavigateBackOptions,
  type NavigateMethod,
  type NavigateOptions,
  type Navigation,
  type NavigationResult,
  type PageDef,
  type PageInstance,
} from '@app/shared';
import { matchPage, pageRoutes } from './page-routes';
import { parseUrl, resolveUrl, splitQuery } from './url';

/** One open page. Tab pages keep their entry (and so their state) while hidden. */
export interface StackEntry {
  id: number;
  page: PageDef;
  /** As shown in the address bar: `/pagesA/detail/videoDetail?id=1`, `/` for home. */
  fullPath: string;
  query: Record<string, string>;
}

/** The browser side of the stack; position = index of the entry in the stack. */
export interface HistoryAdapter {
  /** Resolves once the browser's address shows `entry`. */
  push(entry: StackEntry, position: number): void | Promise<void>;
  replace(entry: StackEntry, position: number): void | Promise<void>;
  /** Step back `count` entries; resolves once the browser has. */
  back(count: number): Promise<void>;
}

export interface PageStackDeps {
  pages?: readonly PageDef[];
  isLoggedIn(): boolean;
  history: HistoryAdapter;
  /** Settles once the page can show (its module loaded, or failed): the lock is held until then. */
  prepare(page: PageDef): Promise<unknown>;
}

export interface PageStackState {
  /** Bottom first; the last entry is the page shown. */
  stack: readonly StackEntry[];
  /** Every page that is mounted: the stack plus hidden tab pages kept alive. */
  mounted: readonly StackEntry[];
}

const ok = (method: NavigateMethod): NavigationResult => ({ errMsg: `${method}:ok` });

/**
 * The page stack with uni-app's rules: navigateTo pushes, redirectTo replaces the top, switchTab
 * drops non-tab pages and keeps tab pages alive, reLaunch clears, navigateBack pops (clamped).
 * Failures use the messages of docs/product.md "Error catalogue" word for word.
 */
export class PageStack implements Navigation {
  private readonly pages: readonly PageDef[];
  private stack: StackEntry[] = [];
  private readonly tabs = new Map<string, StackEntry>();
  private nextId = 1;
  /** The url of the navigation under way (uni-app's navigatorLock). */
  private lock = '';
  private state: PageStackState = { stack: [], mounted: [] };
  private readonly listeners = new Set<() => void>();
  /** Browser history steps run one after the other, never interleaved. */
  private historyQueue: Promise<void> = Promise.resolve();

  private readonly routes: ReturnType<typeof pageRoutes>;

  constructor(private readonly deps: PageStackDeps) {
    this.pages = deps.pages ?? PAGES;
    this.routes = pageRoutes(this.pages);
  }

  // ---- the Navigation API ----

  navigateTo(options: NavigateOptions): Promise<NavigationResult> {
    return this.open('navigateTo', options.url);
  }

  redirectTo(options: NavigateOptions): Promise<NavigationResult> {
    return this.open('redirectTo', options.url);
  }

  reLaunch(options: NavigateOptions): Promise<NavigationResult> {
    return this.open('reLaunch', options.url);
  }

  switchTab(options: NavigateOptions): Promise<NavigationResult> {
    return this.open('switchTab', options.url);
  }

  async navigateBack(options: NavigateBackOptions = {}): Promise<NavigationResult> {
    const open = this.stack.length;
    if (open <= 1) throw new NavigationError('navigateBack', 'cannot navigate back');
    const delta = Math.min(Math.max(Math.floor(options.delta ?? 1), 1), open - 1);
    this.popTo(open - 1 - delta);
    await this.queueHistory(() => this.deps.history.back(delta));
    return ok('navigateBack');
  }

  getCurrentPages(): PageInstance[] {
    return this.stack.map((e) => ({ id: e.id, route: e.page.route, fullPath: e.fullPath, options: { ...e.query } }));
  }

  // ---- for the shell ----

  getState = (): PageStackState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The first page, from the address bar. Unknown pages open home; guarded ones, the login. */
  async start(url: string): Promise<void> {
    const target = this.check('reLaunch', url) === undefined ? url : '/';
    await this.open('reLaunch', target).catch(() => this.open('reLaunch', '/'));
  }

  /**
   * The browser moved on its own (back/forward button, an edited address). `position` is the
   * stack index its history entry recorded, if any.
   */
  async followBrowser(url: string, position: number | undefined): Promise<void> {
    const known = position !== undefined ? this.stack[position] : undefined;
    if (known && known.fullPath === url && position! < this.stack.length - 1) {
      this.popTo(position!);
      return;
    }
    if (this.top()?.fullPath === url) return;
    const page = this.findPage(splitQuery(url)[0]);
    const method: NavigateMethod = page?.tab ? 'switchTab' : 'navigateTo';
    // The browser already made the history entry: take it over instead of adding one.
    await this.open(method, page ? url : '/', true).catch(() => undefined);
  }

  // ---- the rules ----

  /** The failure (docs/product.md "Error catalogue") for this call, or undefined when it may go ahead. */
  private check(method: NavigateMethod, rawUrl: string): string | undefined {
    const url = resolveUrl(rawUrl, this.top()?.page.route);
    const page = this.findPage(splitQuery(url)[0]);
    if (!page) return `page \`${url}\` is not found`;
    if ((method === 'navigateTo' || method === 'redirectTo') && page.tab) return `can not ${method} a tabbar page`;
    if (method === 'switchTab' && !page.tab) return 'can not switch to no-tabBar page';
    return undefined;
  }

  private async open(method: NavigateMethod, rawUrl: string, fromBrowser = false): Promise<NavigationResult> {
    if (typeof rawUrl !== 'string' || rawUrl === '') throw new NavigationError(method, 'url is required');
    const failure = this.check(method, rawUrl);
    if (failure) throw new NavigationError(method, failure);
    let url = resolveUrl(rawUrl, this.top()?.page.route);
    const page = this.findPage(splitQuery(url)[0])!;

    if (!this.deps.isLoggedIn() && loginRequiredRoutes(this.pages).includes(page.route)) {
      // The guard: the same kind of move, to the login page, carrying where the user was going.
      const toLogin = method === 'switchTab' ? 'reLaunch' : method;
      return this.open(toLogin, `/${LOGIN_ROUTE}?redirect=${encodeURIComponent(url)}`, fromBrowser);
    }
    if (method === 'switchTab') url = splitQuery(url)[0]; // a tab page takes no query (uni-app)
    url = this.displayPath(url, page);

    if (this.lock === url) throw new NavigationError(method, `${url} locked`);
    this.lock = url;
    try {
      const { query } = parseUrl(url);
      const position = this.apply(method, page, url, query);
      const entry = this.stack[position]!;
      // reLaunch and switchTab leave one page: step the browser back to its first entry too.
      const stepsBack = (method === 'reLaunch' || method === 'switchTab') && !fromBrowser ? this.historyDepth : 0;
      this.historyDepth = position;
      await this.queueHistory(async () => {
        if (method === 'navigateTo' && !fromBrowser) return this.deps.history.push(entry, position);
        if (stepsBack > 0) await this.deps.history.back(stepsBack);
        return this.deps.history.replace(entry, position);
      });
      await this.deps.prepare(page).catch(() => undefined); // a page that fails shows its own retry
      return ok(method);
    } finally {
      if (this.lock === url) this.lock = '';
    }
  }

  /** Where the browser history stands (the position of its current entry). */
  private historyDepth = 0;

  /** Changes the stack for `method`; returns the position of the page opened. */
  private apply(method: NavigateMethod, page: PageDef, fullPath: string, query: Record<string, string>): number {
    switch (method) {
      case 'navigateTo':
        this.stack = [...this.stack, this.entry(page, fullPath, query)];
        break;
      case 'redirectTo':
        this.stack = [...this.stack.slice(0, -1), this.entry(page, fullPath, query)];
        break;
      case 'switchTab':
        this.stack = [this.tabs.get(page.route) ?? this.entry(page, fullPath, query)];
        break;
      case 'reLaunch':
        this.tabs.clear();
        this.stack = [this.entry(page, fullPath, query)];
        break;
      case 'navigateBack':
        throw new Error('navigateBack is not an open');
    }
    this.publish();
    return this.stack.length - 1;
  }

  private popTo(position: number): void {
    this.stack = this.stack.slice(0, position + 1);
    this.historyDepth = position;
    this.publish();
  }

  private entry(page: PageDef, fullPath: string, query: Record<string, string>): StackEntry {
    const entry: StackEntry = { id: this.nextId++, page, fullPath, query };
    if (page.tab) this.tabs.set(page.route, entry);
    return entry;
  }

  /** The home page shows as `/` (its alias), every other page as `/route?query`. */
  private displayPath(url: string, page: PageDef): string {
    const [, query] = splitQuery(url);
    const path = page.route === HOME_ROUTE ? '/' : `/${page.route}`;
    return query ? `${path}?${query}` : path;
  }

  /** The page a path opens, by react-router's matcher over the registry's routes. */
  private findPage(path: string): PageDef | undefined {
    return matchPage(path, this.pages, this.routes);
  }

  private top(): StackEntry | undefined {
    return this.stack[this.stack.length - 1];
  }

  private publish(): void {
    const mounted = [...this.stack];
    for (const tab of this.tabs.values()) if (!mounted.includes(tab)) mounted.push(tab);
    this.state = { stack: this.stack, mounted };
    this.listeners.forEach((l) => l());
  }

  private queueHistory(step: () => void | Promise<void>): Promise<void> {
    const run = this.historyQueue.then(step);
    this.historyQueue = run.catch(() => undefined);
    return run;
  }
}
