import { useEffect, useSyncExternalStore } from 'react';
import { queryClient } from '@app/shared';
import type { PageStack } from '../router/page-stack';
import type { PageLoader } from './page-loader';
import type { Overrides } from '../federation/overrides';
import { OfflineNotice } from './offline-notice';
import { OverrideBadge } from './override-badge';
import { PageHost } from './page-host';
import { AppTabBar } from './tab-bar';
import { UpdateBar } from './update-bar';
import type { UpdateCheck } from './update-ready';

/**
 * The frame: every mounted page (only the top one shown), on tab pages the tab bar, and the
 * notices over it (offline; a new version of a remote ready for the next start).
 */
export function App({
  stack,
  loader,
  updates,
  overrides,
}: {
  stack: PageStack;
  loader: PageLoader;
  updates: UpdateCheck;
  /** This tab's dev overrides (federation/overrides.ts), shown by the 覆盖中 badge. */
  overrides?: Promise<Overrides>;
}) {
  const { stack: open, mounted } = useSyncExternalStore(stack.subscribe, stack.getState);
  const top = open[open.length - 1];

  useEffect(() => {
    if (top) document.title = top.page.title;
  }, [top]);

  // The back button: go back, or relaunch home when this is the only page open.
  const onBack = () => {
    const go = open.length > 1 ? stack.navigateBack() : stack.reLaunch({ url: '/' });
    void go.catch(() => undefined);
  };

  // Back online: the page whose module could not load tries again, and so do the requests.
  const onReconnect = () => {
    if (top && loader.get(top.page).status === 'error') void loader.retry(top.page);
    void queryClient.refetchQueries({ type: 'active' });
  };

  return (
    <div className="app-frame">
      {mounted.map((entry) => (
        <PageHost key={entry.id} entry={entry} active={entry === top} loader={loader} onBack={onBack} />
      ))}
      {top?.page.tab && <AppTabBar activeRoute={top.page.route} />}
      <OfflineNotice onReconnect={onReconnect} />
      {/* Each page shown (a tab switch, a move, back) is a safe moment to ask. */}
      <UpdateBar check={updates} moment={top ? String(top.id) : undefined} />
      {overrides && <OverrideBadge overrides={overrides} />}
    </div>
  );
}
