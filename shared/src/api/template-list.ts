import type { PageOf, SysVideo } from '@app/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../request/api';

export const TEMPLATE_PAGE_SIZE = 10;

export function listTemplates(page: number, pageSize = TEMPLATE_PAGE_SIZE): Promise<PageOf<SysVideo>> {
  return api('/api/v1/sysVideo/list', { page, pageSize }, { hideErrorToast: true });
}

/**
 * The template gallery (no sign-in needed), page by page: one query for the shell's early request
 * (shell/src/app/first-route-data.ts) and remote-create's pages, which draw from what it brought
 * (the cache rules of docs/product.md "Data cache" still apply: a page mounting after the answer
 * asks again, in the background).
 */
export function templateListQuery() {
  return infiniteQueryOptions({
    queryKey: ['sys-videos'],
    queryFn: ({ pageParam }) => listTemplates(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: PageOf<SysVideo>) => (last.hasMore ? last.page + 1 : undefined),
  });
}
