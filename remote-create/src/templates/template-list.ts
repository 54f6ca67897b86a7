import type { PageOf, SysVideo } from '@app/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@app/shared';


export const TEMPLATE_PAGE_SIZE = 10;

export function listTemplates(page: number, pageSize = TEMPLATE_PAGE_SIZE): Promise<PageOf<SysVideo>> {
  return api('/api/v1/sysVideo/list', { page, pageSize }, { hideErrorToast: true });
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
