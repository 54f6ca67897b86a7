import type { HistoryAdapter, StackEntry } from './page-stack';

const BACK_FALLBACK_MS = 1000;

interface HistoryState {
  /** The entry's position in the page stack. */
  position: number;
  id: number;
}

export function hashOf(fullPath: string): string {
  return `#${fullPath}`;
}

/** The url of the current address (`#/pagesA/x?y=1` → `/pagesA/x?y=1`; no hash → `/`). */
export function currentUrl(loc: Location = window.location): string {
  const hash = loc.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash : `/${hash}`;
}

/**
 * The page stack's history on window.history (hash URLs). Steps it takes itself are not reported
 * back; the browser's own moves (back/forward buttons, an edited address) are, to `onBrowserMove`.
 */
export class BrowserHistory implements HistoryAdapter {
  private pendingBack: (() => void) | undefined;

  constructor(
    private readonly onBrowserMove: (url: string, position: number | undefined) => void,
    private readonly win: Window = window,
  ) {
    win.addEventListener('popstate', this.handlePop);
  }

  push(entry: StackEntry, position: number): void {
    this.win.history.pushState(this.stateOf(entry, position), '', hashOf(entry.fullPath));
  }

  replace(entry: StackEntry, position: number): void {
    this.win.history.replaceState(this.stateOf(entry, position), '', hashOf(entry.fullPath));
  }

  back(count: number): Promise<void> {
    if (count <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      // A step past the first entry moves nothing and fires no popstate: don't wait forever.
      const fallback = setTimeout(() => this.settleBack(), BACK_FALLBACK_MS);
      this.pendingBack = () => {
        clearTimeout(fallback);
        resolve();
      };
      this.win.history.go(-count);
    });
  }

  private settleBack(): void {
    const resolve = this.pendingBack;
    this.pendingBack = undefined;
    resolve?.();
  }

  dispose(): void {
    this.win.removeEventListener('popstate', this.handlePop);
  }

  private stateOf(entry: StackEntry, position: number): HistoryState {
    return { position, id: entry.id };
  }

  private handlePop = (event: PopStateEvent): void => {
    if (this.pendingBack) {
      this.settleBack();
      return;
    }
    const state = event.state as Partial<HistoryState> | null;
    this.onBrowserMove(currentUrl(this.win.location), typeof state?.position === 'number' ? state.position : undefined);
  };
}
