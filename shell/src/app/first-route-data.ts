import { HOME_ROUTE, PAGES, queryClient, templateListQuery } from '@app/shared';
import { matchPage } from '../router/page-routes';

/**
 * Asks for the first page's data at once, beside its remote's scripts (which the server's page
 * preloads: packages/server/src/plugins/first-route.ts), instead of after them: the page then
 * reads it from the query cache. Only 首页 has data worth it (its template gallery).
 */
export function prefetchFirstRouteData(url: string): void {
  if (matchPage(url, PAGES)?.route === HOME_ROUTE) void queryClient.prefetchInfiniteQuery(templateListQuery());
}
