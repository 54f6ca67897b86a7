import { HOME_ROUTE, normalizeRoute, parseQuery } from '@app/shared';

/**
 * uni-app's getRealRoute: an absolute `/route?q` stays as written; a relative one (`detail`,
 * `./detail`, `../my/myIndex`) is resolved against the current page's folder.
 */
export function resolveUrl(url: string, currentRoute: string | undefined): string {
  if (url.startsWith('/')) return url;
  const base = (currentRoute ?? HOME_ROUTE).split('/').slice(0, -1);
  const [path = '', query] = splitQuery(url);
  for (const part of path.split('/')) {
    if (part === '..') base.pop();
    else if (part !== '.' && part !== '') base.push(part);
  }
  return `/${base.join('/')}${query === undefined ? '' : `?${query}`}`;
}

export function splitQuery(url: string): [string, string | undefined] {
  const i = url.indexOf('?');
  return i < 0 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}

export interface ParsedUrl {
  route: string;
  query: Record<string, string>;
}

export function parseUrl(url: string): ParsedUrl {
  const [path, query] = splitQuery(url);
  return { route: normalizeRoute(path), query: query ? parseQuery(query) : {} };
}
