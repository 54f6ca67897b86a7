import { apiBaseUrl } from '@app/shared';

/**
 * Where a file the server names can be fetched: the embedded store answers paths (`/files/…`)
 * on the API's own host, which is not the page's when the API has a base URL of its own.
 */
export function fileHref(url: string): string {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return url;
  return `${apiBaseUrl().replace(/\/+$/, '')}${url}`;
}
