import { findPage, isAppUrl, LOGIN_ROUTE, parseQuery, type PageInstance } from '@app/shared';

/**
 * Where to go after signing in: the `redirect` query (already decoded once by the page query;
 * decoded again if it arrived encoded twice) when it is one of this app's own routes, else home.
 * Anything else — another site, `javascript:`, an unknown page — goes home.
 */
export function redirectTarget(redirect: string | undefined): { url: string; tab: boolean } {
  let url = redirect ?? '';
  if (url.startsWith('%2F') || url.startsWith('%2f')) {
    try {
      url = decodeURIComponent(url);
    } catch {
      url = '';
    }
  }
  if (!isAppUrl(url) || findPage(url)?.route === LOGIN_ROUTE) return { url: '/', tab: true };
  // A tab page takes no query (switchTab), and is the only way to open one.
  const tab = findPage(url)?.tab !== undefined;
  return { url: tab ? url.split('?')[0]! : url, tab };
}

/**
 * Whether `url` is the page the login was opened from (its sign-in prompt asked to come back):
 * then going back to it, rather than opening it again, keeps one copy of it in the stack.
 */
export function isPageBelow(url: string, below: PageInstance | undefined): boolean {
  if (!below || findPage(url)?.route !== below.route) return false;
  const query = parseQuery(url.split('?')[1] ?? '');
  const keys = new Set([...Object.keys(query), ...Object.keys(below.options)]);
  return [...keys].every((k) => query[k] === below.options[k]);
}
