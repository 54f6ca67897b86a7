import { NavigationType, type createHashRouter } from 'react-router-dom';
import type { HistoryAdapter, StackEntry } from './page-stack';

/** react-router's hash router (react-router-dom `createHashRouter`): it owns window.history and the address. */
export type HashRouter = ReturnType<typeof createHashRouter>;

const BACK_FALLBACK_MS = 1000;

/** What each history entry records: the entry's position in the page stack. */
interface EntryState {
  position: number;
  id: number;
}

/** The url of a router location (`/pagesA/x?y=1`; home is `/`). */
export function urlOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

/**
 * The page stack's history on react-router's hash router: its own steps go through
 * `router.navigate` (push, replace, `-n`), and the browser's own moves (back and forward buttons,
 * an edited address) — the router's POP navigations it did not ask for — are reported to
 * `onBrowserMove` with the stack position their entry recorded.
 */
export class RouterHistory implements HistoryAdapter {
  private pendingBack: (() => void) | undefined;
  private lastKey: string;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly router: HashRouter,
    onBrowserMove: (url: string, position: number | undefined) => void,
  ) {
    this.lastKey = router.state.location.key;
    this.unsubscribe = router.subscribe((state) => {
      // Every state change is published; a move is a new location, once settled.
      if (state.navigation.state !== 'idle' || state.location.key === this.lastKey) return;
      this.lastKey = state.location.key;
      if (state.historyAction !== NavigationType.Pop) return; // our own push or replace
      if (this.pendingBack) {
        this.settleBack();
        return;
      }
      const recorded = state.location.state as Partial<EntryState> | null;
      onBrowserMove(urlOf(state.location), typeof recorded?.position === 'number' ? recorded.position : undefined);
    });
  }

  /** Where the address points now. */
  currentUrl(): string {
    return urlOf(this.router.state.location);
  }

  push(entry: StackEntry, position: number): Promise<void> {
    return this.router.navigate(entry.fullPath, { state: stateOf(entry, position) });
  }

  replace(entry: StackEntry, position: number): Promise<void> {
    return this.router.navigate(entry.fullPath, { replace: true, state: stateOf(entry, position) });
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
      void this.router.navigate(-count);
    });
  }

  dispose(): void {
    this.unsubscribe();
  }

  private settleBack(): void {
    const resolve = this.pendingBack;
    this.pendingBack = undefined;
    resolve?.();
  }
}

function stateOf(entry: StackEntry, position: number): EntryState {
  return { position, id: entry.id };
}
