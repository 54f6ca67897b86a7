import type { ApiData } from '@app/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@app/shared';

export const TEMPLATE_PAGE_SIZE = 10;
/** While samples are being made (a fresh data folder: some seconds), the gallery asks again this often. */
export const TEMPLATE_PENDING_POLL_MS = 3000;

export type TemplatePage = ApiData<'/api/v1/sysVideo/list'>;

export function listTemplates(page: number, category = '', pageSize = TEMPLATE_PAGE_SIZE): Promise<TemplatePage> {
  return api('/api/v1/sysVideo/list', { page, pageSize, category }, { hideErrorToast: true });
}

/**
 * The template gallery (no sign-in needed), page by page, of one category ('' = all). While the
 * server says samples are still being made it asks again every few seconds (only while the page
 * is shown), and stops once none are.
 */
export function useTemplateList(category = '', active = true) {
  return useInfiniteQuery({
    queryKey: ['sys-videos', category],
    queryFn: ({ pageParam }) => listTemplates(pageParam, category),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    refetchInterval: (query) => (active && (query.state.data?.pages[0]?.pending ?? 0) > 0 ? TEMPLATE_PENDING_POLL_MS : false),
  });
}
