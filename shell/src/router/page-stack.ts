import {
  dismissOverlays,
  HOME_ROUTE,
  LOGIN_ROUTE,
  NavigationError,
  PAGES,
  loginRequiredRoutes,
  mayLeavePage,
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

/** What a history entry records besides its stack position. */
export interface HistoryMarks {
  /** The entry is the step of the n-th dialog open over the page (overlays.ts). */
  overlay?: number;
  /** Entries below the stack's first page: 1 when 首页 lies under another tab (back returns to it). */
  base?: number;
}

/** The browser side of the stack; position = index of the entry in the stack. */
export interface HistoryAdapter {
  /** Resolves once the browser's address shows `entry`. */
  push(entry: StackEntry, position: number, marks?: HistoryMarks): void | Promise<void>;
  replace(entry: StackEntry, position: number, marks?: HistoryMarks): void | Promise<void>;
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
    if (this.stack.length <= 1) throw new NavigationError('navigateBack', 'cannot navigate back');
    await this.confirmLeave('navigateBack');
    const open = this.stack.length;
    if (open <= 1) throw new NavigationError('navigateBack', 'cannot navigate back');
    const delta = Math.min(Math.max(Math.floor(options.delta ?? 1), 1), open - 1);
    const steps = this.closeOverlays();
    this.popTo(open - 1 - delta);
    await this.queueHistory(() => this.deps.history.back(delta + steps));
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
  async followBrowser(url: string, position: number | undefined, marks: HistoryMarks = {}): Promise<void> {
    const known = position !== undefined ? this.stack[position] : undefined;
    const onTop = known !== undefined && known === this.top() && known.fullPath === url;
    if (onTop) {
      // Back (or forward) among the steps of the dialogs open over this page.
      const landed = marks.overlay ?? 0;
      if (landed < this.overlaySteps) {
        dismissOverlays('back', this.overlaySteps - landed);
        this.overlaySteps = landed;
      } else if (landed > this.overlaySteps) {
        // Forward onto the step of a dialog closed meanwhile: nothing to show there.
        const extra = landed - this.overlaySteps;
        await this.queueHistory(() => this.deps.history.back(extra));
      }
      return;
    }
    // Anywhere else: what is open over the page goes with it.
    dismissOverlays('navigation');
    this.overlaySteps = 0;
    if (marks.base !== undefined || position !== undefined) this.base = marks.base ?? 0;
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
      // A page with unsaved work asks before it goes (navigateTo keeps it open underneath).
      if (method !== 'navigateTo' && !fromBrowser) await this.confirmLeave(method);
      // What is open over the page closes first, and gives its history steps back.
      const overlaySteps = fromBrowser ? 0 : this.closeOverlays();
      const { query } = parseUrl(url);
      const position = this.apply(method, page, url, query);
      const entry = this.stack[position]!;
      // reLaunch and switchTab leave one page: step the browser back to its first entry too.
      const toFirst = (method === 'reLaunch' || method === 'switchTab') && !fromBrowser;
      const stepsBack = toFirst ? this.historyDepth + overlaySteps : overlaySteps;
      // Another tab than 首页 sits on a 首页 entry of its own: back on it returns to 首页 (docs/product.md "Tab bar").
      if (toFirst) this.base = method === 'switchTab' && page.route !== HOME_ROUTE ? 1 : 0;
      const base = this.base;
      this.historyDepth = position + base;
      await this.queueHistory(async () => {
        if (stepsBack > 0) await this.deps.history.back(stepsBack);
        if (method === 'navigateTo' && !fromBrowser) return this.deps.history.push(entry, position, this.marks());
        if (toFirst && base > 0) {
          await this.deps.history.replace(this.homeEntry(), 0);
          return this.deps.history.push(entry, position, this.marks());
        }
        return this.deps.history.replace(entry, position, this.marks());
      });
      await this.deps.prepare(page).catch(() => undefined); // a page that fails shows its own retry
      return ok(method);
    } finally {
      if (this.lock === url) this.lock = '';
    }
  }

  /** Where the browser history stands (the index of the current page's entry). */
  private historyDepth = 0;
  /** History entries below the stack's first page (a 首页 entry under another tab). */
  private base = 0;
  /** History steps taken by the dialogs open over the top page (overlays.ts). */
  private overlaySteps = 0;

  // ---- dialogs over the page (overlays.ts): one history step each ----

  /** A dialog opened over the top page: a step of its own, so that back closes it. */
  overlayOpened(): void {
    const entry = this.top();
    if (!entry) return;
    this.overlaySteps += 1;
    const position = this.stack.length - 1;
    const marks = { ...this.marks(), overlay: this.overlaySteps };
    void this.queueHistory(() => this.deps.history.push(entry, position, marks)).catch(() => undefined);
  }

  /** The dialog on top closed by itself: its step goes. */
  overlayClosed(): void {
    if (this.overlaySteps <= 0) return;
    this.overlaySteps -= 1;
    void this.queueHistory(() => this.deps.history.back(1)).catch(() => undefined);
  }

  /** Closes every dialog as a cancel before a navigation; returns the history steps they held. */
  private closeOverlays(): number {
    dismissOverlays('navigation');
    const steps = this.overlaySteps;
    this.overlaySteps = 0;
    return steps;
  }

  /** Lets the top page ask before it goes; a refusal fails the navigation. */
  private async confirmLeave(method: NavigateMethod): Promise<void> {
    const top = this.top();
    if (top && !(await mayLeavePage(top.id))) throw new NavigationError(method, 'cancelled by the page');
  }

  private marks(): HistoryMarks {
    return this.base > 0 ? { base: this.base } : {};
  }

  /** The 首页 entry under another tab; the browser coming back to it switches to 首页. */
  private homeEntry(): StackEntry {
    const home = this.findPage('/')!;
    return { id: 0, page: home, fullPath: '/', query: {} };
  }

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
    this.historyDepth = position + this.base;
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
