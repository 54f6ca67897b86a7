import { createContext, useContext, useEffect, useRef } from 'react';

/** What the shell tells each page it renders. Remotes read it through the hooks below only. */
export interface PageContextValue {
  id: number;
  route: string;
  query: Record<string, string>;
  /** The page is on top of the stack and shown. */
  active: boolean;
}

export const PageContext = createContext<PageContextValue>({ id: 0, route: '', query: {}, active: true });

/** The page's query parameters (`#/route?a=1` → `{ a: '1' }`). */
export function usePageQuery(): Record<string, string> {
  return useContext(PageContext).query;
}

/** True while the page is the one shown (false when covered or on a hidden tab). */
export function usePageActive(): boolean {
  return useContext(PageContext).active;
}

/** Runs `effect` each time the page comes into view (uni-app's onShow). */
export function usePageShow(effect: () => void): void {
  const active = usePageActive();
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (active) latest.current();
  }, [active]);
}
