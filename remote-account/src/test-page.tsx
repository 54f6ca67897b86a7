// Test helper: a page of this remote as the shell renders it, with a fresh query cache.
import { createQueryClient, PageContext } from '@app/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';

export function renderPage(ui: React.ReactNode, route = 'pages/my/myIndex') {
  // The server-side defaults: no retries, so a failure shows at once.
  const client = createQueryClient({ server: true });
  const utils = render(
    <QueryClientProvider client={client}>
      <PageContext.Provider value={{ id: 1, route, query: {}, active: true }}>{ui}</PageContext.Provider>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}

/**
 * jsdom lays nothing out, so every element lacks an offsetParent and the kit's InfiniteScroll takes
 * itself for hidden, never loading. For a test file: each element's offsetParent is its parent;
 * with no layout, the end of a list is then always "within 50px" of the bottom.
 */
export function useListBottomAlwaysNear(): void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')!;
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
  });
  afterAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
  });
}
