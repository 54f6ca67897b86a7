import { HOME_ROUTE, PAGES, queryClient, templateListQuery, type TemplatePage } from '@app/shared';
import { matchPage } from '../router/page-routes';

/** The data block the server's page for `/` carries (packages/server/src/plugins/first-route.ts). */
const FIRST_ROUTE_DATA_ID = 'first-route-data';

/** 首页's first page of templates from the page itself, when the server put it there and it reads as one. */
export function embeddedTemplates(doc: Document = document): TemplatePage | undefined {
  const text = doc.getElementById(FIRST_ROUTE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const templates = (JSON.parse(text) as { templates?: TemplatePage }).templates;
    return templates && Array.isArray(templates.list) && templates.page === 1 ? templates : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first page's data before its remote's scripts have run: 首页's first page of templates as the
 * page for `/` carries it (the gallery draws at once, and asks again in the background by the
 * cache rules of docs/product.md "Data cache"), or else asked for at once, beside the remote's
 * scripts, instead of after them. Only 首页 has data worth it (its template gallery).
 */
export function prefetchFirstRouteData(url: string, doc: Document = document): void {
  if (matchPage(url, PAGES)?.route !== HOME_ROUTE) return;
  const query = templateListQuery();
  const embedded = embeddedTemplates(doc);
  if (embedded) queryClient.setQueryData(query.queryKey, { pages: [embedded], pageParams: [1] });
  else void queryClient.prefetchInfiniteQuery(query);
}
