import { useInfiniteQuery } from '@tanstack/react-query';
import { templateListQuery } from '@app/shared';

export { listTemplates, TEMPLATE_PAGE_SIZE, type TemplatePage } from '@app/shared';

/** While samples are being made (a fresh data folder: some seconds), the gallery asks again this often. */
export const TEMPLATE_PENDING_POLL_MS = 3000;

/**
 * The template gallery (no sign-in needed), page by page, of one category ('' = all); the shell
 * may have asked for the first page of all already. While the server says samples are still being
 * made it asks again every few seconds (only while the page is shown), and stops once none are.
 */
export function useTemplateList(category = '', active = true) {
  return useInfiniteQuery({
    ...templateListQuery(category),
    refetchInterval: (query) => (active && (query.state.data?.pages[0]?.pending ?? 0) > 0 ? TEMPLATE_PENDING_POLL_MS : false),
  });
}
