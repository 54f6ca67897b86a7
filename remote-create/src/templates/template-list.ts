import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi, type ApiPage } from '@app/shared';

import type { SysVideo } from './sys-video';

export const TEMPLATE_PAGE_SIZE = 10;

export function listTemplates(page: number, pageSize = TEMPLATE_PAGE_SIZE): Promise<ApiPage<SysVideo>> {
  return callApi<ApiPage<SysVideo>>('/api/v1/sysVideo/list', { page, pageSize }, { hideErrorToast: true });
}

/** The template gallery (no sign-in needed), page by page. */
export function useTemplateList() {
  return useInfiniteQuery({
    queryKey: ['sys-videos'],
    queryFn: ({ pageParam }) => listTemplates(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}
