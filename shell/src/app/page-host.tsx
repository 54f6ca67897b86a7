import { useLayoutEffect, useMemo, useRef } from 'react';
import { PageContext, type PageContextValue } from '@app/shared';
import type { StackEntry } from '../router/page-stack';
import { AppNavBar } from './nav-bar';
import type { PageLoader } from './page-loader';
import { PageView } from './page-view';

interface Props {
  entry: StackEntry;
  active: boolean;
  loader: PageLoader;
  onBack: () => void;
}

/**
 * One open page: its background, its navigation bar (unless it draws its own) and its scrolling
 * body. Hidden pages stay mounted (tab pages keep their state), inert and aria-hidden, and get their scroll back.
 */
export function PageHost({ entry, active, loader, onBack }: Props) {
  const { page } = entry;
  const body = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);

  useLayoutEffect(() => {
    if (active && body.current) body.current.scrollTop = scrollTop.current;
  }, [active]);

  const context = useMemo<PageContextValue>(
    () => ({ id: entry.id, route: page.route, query: entry.query, active }),
    [entry, page.route, active],
  );

  return (
    <section
      className={`app-page${page.tab ? ' app-page--tab' : ''}`}
      data-route={page.route}
      aria-hidden={!active}
      // Kept mounted but out of reach: no focus, no taps, nothing read aloud (display: none too).
      inert={!active}
      style={{ background: page.background, display: active ? 'flex' : 'none' }}
    >
      {!page.customNavBar && <AppNavBar title={page.title} onBack={onBack} />}
      <div
        className="app-page-body"
        ref={body}
        onScroll={(e) => {
          if (active) scrollTop.current = e.currentTarget.scrollTop;
        }}
      >
        <PageContext.Provider value={context}>
          <PageView page={page} loader={loader} />
        </PageContext.Provider>
      </div>
    </section>
  );
}
