import { useLayoutEffect } from 'react';
import { NavigationType, parsePath, useLocation, useNavigate, useNavigationType, type Location, type NavigateFunction } from 'react-router-dom';
import type { HistoryAdapter, HistoryMarks, StackEntry } from './page-stack';

const BACK_FALLBACK_MS = 1000;

/** What each history entry records: the entry's position in the page stack, and its marks. */
interface EntryState extends HistoryMarks {
  position: number;
  id: number;
}

/** The url of a router location (`/pagesA/x?y=1`; home is `/`). */
export function urlOf(location: { pathname?: string; search?: string }): string {
  return `${location.pathname || '/'}${location.search ?? ''}`;
}

/**
 * The page stack's history on react-router-dom's `<HashRouter>`, which owns window.history and the
 * address: its own steps go through the router's `navigate` (push, replace, `-n`), and the
 * browser's own moves (back and forward buttons, an edited address) — the router's POP
 * navigations it did not ask for — are reported to `onBrowserMove` with the stack position their
 * entry recorded. `<RouterBridge>`, rendered inside the router, connects the two; steps asked for
 * before it has mounted wait for it.
 */
export class RouterHistory implements HistoryAdapter {
  private navigate: NavigateFunction | undefined;
  private readonly waiting: ((navigate: NavigateFunction) => void)[] = [];
  private pendingBack: (() => void) | undefined;
  private started = false;

  constructor(private readonly onBrowserMove: (url: string, position: number | undefined, marks: HistoryMarks) => void) {}

  /** Where the address points now (read from it: the router may not have rendered yet). */
  currentUrl(): string {
    return urlOf(parsePath(window.location.hash.replace(/^#/, '') || '/'));
  }

  push(entry: StackEntry, position: number, marks: HistoryMarks = {}): Promise<void> {
    return this.withRouter((navigate) => navigate(entry.fullPath, { state: stateOf(entry, position, marks) }));
  }

  replace(entry: StackEntry, position: number, marks: HistoryMarks = {}): Promise<void> {
    return this.withRouter((navigate) => navigate(entry.fullPath, { replace: true, state: stateOf(entry, position, marks) }));
  }

  back(count: number): Promise<void> {
    if (count <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      // A step past the first entry moves nothing and is never reported: don't wait forever.
      const fallback = setTimeout(() => this.settleBack(), BACK_FALLBACK_MS);
      this.pendingBack = () => {
        clearTimeout(fallback);
        resolve();
      };
      void this.withRouter((navigate) => navigate(-count));
    });
  }

  /** From `<RouterBridge>`: the router's navigate, once it has mounted. */
  attach(navigate: NavigateFunction): void {
    this.navigate = navigate;
    for (const step of this.waiting.splice(0)) step(navigate);
  }

  /**
   * From `<RouterBridge>`: the router settled on a new `location` by `action` (called once per
   * location the router renders; not by key: an address edited by hand or a link to a hash has no
   * history state, so every such entry has the same key, "default").
   */
  moved(location: Location, action: NavigationType): void {
    // The first location rendered is where the app started, not a move.
    if (!this.started) {
      this.started = true;
      return;
    }
    if (action !== NavigationType.Pop) return; // our own push or replace
    if (this.pendingBack) {
      this.settleBack();
      return;
    }
    const recorded = location.state as Partial<EntryState> | null;
    const position = typeof recorded?.position === 'number' ? recorded.position : undefined;
    this.onBrowserMove(urlOf(location), position, position === undefined ? {} : marksOf(recorded!));
  }

  /** Runs `step` with the router's navigate (now, or once the router has mounted). The address changes as `navigate` returns. */
  private withRouter(step: (navigate: NavigateFunction) => void | Promise<void>): Promise<void> {
    if (this.navigate) return Promise.resolve(step(this.navigate));
    return new Promise((resolve) => this.waiting.push((navigate) => resolve(step(navigate))));
  }

  private settleBack(): void {
    const resolve = this.pendingBack;
    this.pendingBack = undefined;
    resolve?.();
  }
}

/** Rendered inside `<HashRouter>`: hands the router's navigate and every settled location to `history`. */
export function RouterBridge({ history }: { history: RouterHistory }) {
  const navigate = useNavigate();
  const location = useLocation();
  const action = useNavigationType();
  useLayoutEffect(() => history.attach(navigate), [history, navigate]);
  useLayoutEffect(() => history.moved(location, action), [history, location, action]);
  return null;
}

function stateOf(entry: StackEntry, position: number, marks: HistoryMarks): EntryState {
  // Only the marks that are set: an entry of a page alone records just where it stands.
  return { position, id: entry.id, ...marksOf(marks) };
}

function marksOf(recorded: Partial<HistoryMarks>): HistoryMarks {
  const marks: HistoryMarks = {};
  if (typeof recorded.overlay === 'number' && recorded.overlay > 0) marks.overlay = recorded.overlay;
  if (typeof recorded.base === 'number' && recorded.base > 0) marks.base = recorded.base;
  return marks;
}
