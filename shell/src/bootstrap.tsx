import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { bus, provideNavigation, provideOverlayHistory, queryClient, refreshAccountInfo, session } from '@app/shared';
import { App } from './app/app';
import { PageLoader, loadTimeoutFrom } from './app/page-loader';
import { limitFirstPaint } from './app/first-paint';
import { prefetchFirstRouteData } from './app/first-route-data';
import { startScaling } from './app/scaling';
import { UpdateCheck } from './app/update-ready';
import type { OverrideResult } from './federation/overrides';
import type { RemoteEntries } from './federation/remote-entries';
import { classifyLoadError } from './federation/load-failure';
import { loadPageComponent, registerAll, remoteVersion, resetRemote } from './federation/remotes';
import { reportFailure } from './federation/report';
import { HashRouter } from 'react-router-dom';
import { RouterBridge, RouterHistory } from './router/hash-history';
import { PageStack } from './router/page-stack';
import { installUniGlobal } from './uni';
import './styles.css';

/**
 * Starts the app. `started`: the entries this tab registers (the registry's, with its dev overrides
 * in place: federation/overrides.ts) and those overrides; `registry`: what /remotes.json answered,
 * which the update check compares the registry with later. Both already under way (see index.ts).
 */
export async function main(started: Promise<OverrideResult>, registry: Promise<RemoteEntries>): Promise<void> {
  startScaling();
  limitFirstPaint();

  const loader = new PageLoader({
    load: loadPageComponent,
    reset: (page) => resetRemote(page.remote),
    failed: async (page, error) => {
      const kind = await classifyLoadError(error);
      reportFailure(page, remoteVersion(page.remote), kind, error, (await started).overrides[page.remote] !== undefined);
      return kind;
    },
    timeoutMs: loadTimeoutFrom(location.search),
  });
  // react-router-dom's <HashRouter> owns the address and window.history; the page stack (uni-app's
  // rules) sits above it and draws the frame.
  const history = new RouterHistory((url, position, marks) => void stack.followBrowser(url, position, marks));
  const stack: PageStack = new PageStack({
    isLoggedIn: () => session.isLoggedIn(),
    history,
    prepare: (page) => loader.ensure(page),
  });
  provideNavigation(stack);
  // Dialogs, sheets and popups of @app/shared take a history step each: back closes them first.
  provideOverlayHistory({ opened: () => stack.overlayOpened(), closed: () => stack.overlayClosed() });
  installUniGlobal();
  prefetchFirstRouteData(history.currentUrl());
  // Compares the registry, now and then, with the remotes this document registers (below).
  const updates = new UpdateCheck(registry);

  // As a transition: React renders the frame in slices, between which the browser handles input
  // and loads the first page's scripts, instead of in one long task.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <HashRouter>
          <RouterBridge history={history} />
          <App stack={stack} loader={loader} updates={updates} overrides={started.then((found) => found.overrides)} />
        </HashRouter>
      </QueryClientProvider>,
    ),
  );

  registerAll((await started).entries);
  await stack.start(history.currentUrl());

  // The session is checked with the server at start and whenever the app comes back to the front.
  void refreshAccountInfo().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    bus.emit({ type: 'app/foreground' });
    void refreshAccountInfo().catch(() => undefined);
  });
}

