import type { PageOf, SysVideo } from '@app/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../request/api';

export const TEMPLATE_PAGE_SIZE = 10;
/**
 * The first page's answer counts as fresh this long: the shell asks for it while the home page's
 * remote loads (shell/src/app/first-route-data.ts), and the page mounting a moment later reads it
 * instead of asking again.
 */
const FRESH_MS = 10_000;

export function listTemplates(page: number, pageSize = TEMPLATE_PAGE_SIZE): Promise<PageOf<SysVideo>> {
  return api('/api/v1/sysVideo/list', { page, pageSize }, { hideErrorToast: true });
}

/** The template gallery (no sign-in needed), page by page: one query for the shell's early request and remote-create's pages. */
export function templateListQuery() {
  return infiniteQueryOptions({
    queryKey: ['sys-videos'],
    queryFn: ({ pageParam }) => listTemplates(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: PageOf<SysVideo>) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: FRESH_MS,
  });
}
