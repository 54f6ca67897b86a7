import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { PageContext, provideNavigation, type NavigateOptions, type Navigation } from '@app/shared';
import { Dialog, Toast } from '@app/shared/kit/more';
import type { ReactNode } from 'react';
import { sendJson, type TestServer } from '@app/shared/src/request/test-server';

// jsdom has no PointerEvent: fireEvent.pointerDown would make a bare Event without button or
// coordinates, which a long press reads.
if (typeof window.PointerEvent === 'undefined') {
  (window as { PointerEvent?: unknown }).PointerEvent = class PointerEvent extends MouseEvent {};
}

/** Navigation calls a page made, as `method url`. */
export interface NavigationLog {
  calls: string[];
  pages: number;
}

/** A recording stand-in for the shell's page stack. */
export function fakeNavigation(): NavigationLog {
  const log: NavigationLog = { calls: [], pages: 1 };
  const ok = (method: string) => (o?: NavigateOptions | { delta?: number }) => {
    log.calls.push(`${method} ${o && 'url' in o ? o.url : ''}`.trim());
    return Promise.resolve({ errMsg: `${method}:ok` });
  };
  const navigation: Navigation = {
    navigateTo: ok('navigateTo'),
    redirectTo: ok('redirectTo'),
    reLaunch: ok('reLaunch'),
    switchTab: ok('switchTab'),
    navigateBack: ok('navigateBack'),
    getCurrentPages: () => Array.from({ length: log.pages }, (_, i) => ({ id: i, route: '', fullPath: '', options: {} })),
  };
  provideNavigation(navigation);
  return log;
}

/** Renders a page as the shell would: its query, shown or not, a fresh cache that does not retry. */
export function renderPage(ui: ReactNode, options: { route?: string; query?: Record<string, string>; active?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const context = { id: 1, route: options.route ?? 'pages/index/index', query: options.query ?? {}, active: options.active ?? true };
  const result = render(
    <QueryClientProvider client={client}>
      <PageContext.Provider value={context}>{ui}</PageContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** The API's envelope around `data`. */
export function answer(data: unknown, rspCode = 0, rspMsg = '成功') {
  return { rspCode, rspMsg, data };
}

/** Routes a test server's path to a fixed envelope, or to one computed per request body. */
export function api(server: TestServer, path: string, reply: object | ((body: Record<string, unknown>) => object)) {
  server.route(path, (req, res) => {
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    sendJson(res, 200, typeof reply === 'function' ? reply(body) : reply);
  });
}

/** The bodies the server received on a path. */
export function bodies(server: TestServer, path: string): Record<string, unknown>[] {
  return server.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as Record<string, unknown>);
}

/**
 * After a test: toasts, dialogs and sheets live in containers of their own, which no unmount
 * removes. The kit keeps a handle on its current toast, so it is closed first (a toast shown into
 * a removed container would never be seen by the next test).
 */
export function clearOverlays(): void {
  Toast.clear();
  Dialog.clear();
  document.body.innerHTML = '';
}
