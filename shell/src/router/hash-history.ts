import { NavigationType, type createHashRouter } from 'react-router-dom';
import type { HistoryAdapter, HistoryMarks, StackEntry } from './page-stack';

/** react-router's hash router (react-router-dom `createHashRouter`): it owns window.history and the address. */
export type HashRouter = ReturnType<typeof createHashRouter>;

const BACK_FALLBACK_MS = 1000;

/** What each history entry records: the entry's position in the page stack, and its marks. */
interface EntryState extends HistoryMarks {
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
    onBrowserMove: (url: string, position: number | undefined, marks: HistoryMarks) => void,
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
      const position = typeof recorded?.position === 'number' ? recorded.position : undefined;
      onBrowserMove(urlOf(state.location), position, position === undefined ? {} : marksOf(recorded!));
    });
  }

  /** Where the address points now. */
  currentUrl(): string {
    return urlOf(this.router.state.location);
  }

  push(entry: StackEntry, position: number, marks: HistoryMarks = {}): Promise<void> {
    return this.router.navigate(entry.fullPath, { state: stateOf(entry, position, marks) });
  }

  replace(entry: StackEntry, position: number, marks: HistoryMarks = {}): Promise<void> {
    return this.router.navigate(entry.fullPath, { replace: true, state: stateOf(entry, position, marks) });
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
