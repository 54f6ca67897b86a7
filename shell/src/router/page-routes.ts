import { HOME_ROUTE, type PageDef } from '@app/shared';
import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * The page registry as react-router routes: one exact, case-sensitive route per page (uni-app's
 * routes are plain paths), and `/` for the home page. react-router's matcher decides which page a
 * url opens.
 */
export function pageRoutes(pages: readonly PageDef[]): RouteObject[] {
  const routes: RouteObject[] = pages.map((page) => ({ id: page.route, path: `/${page.route}`, caseSensitive: true }));
  routes.push({ id: `${HOME_ROUTE}#alias`, path: '/', caseSensitive: true });
  return routes;
}

/** The page a path (`/pagesA/x`, `pagesA/x`, `/`; a query is ignored) opens, or undefined. */
export function matchPage(path: string, pages: readonly PageDef[], routes: RouteObject[] = pageRoutes(pages)): PageDef | undefined {
  const pathname = `/${path.split('?')[0]!.replace(/^\/+/, '')}`;
  const id = matchRoutes(routes, pathname)?.[0]?.route.id;
  const route = id === `${HOME_ROUTE}#alias` ? HOME_ROUTE : id;
  return pages.find((page) => page.route === route);
}
