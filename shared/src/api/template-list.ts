import { TEMPLATE_PAGE_SIZE, type ApiData } from '@app/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../request/api';

export { TEMPLATE_PAGE_SIZE };

/** A page of the gallery, with how many samples are still being made and the categories shown. */
export type TemplatePage = ApiData<'/api/v1/sysVideo/list'>;

export function listTemplates(page: number, category = '', pageSize = TEMPLATE_PAGE_SIZE): Promise<TemplatePage> {
  return api('/api/v1/sysVideo/list', { page, pageSize, category }, { hideErrorToast: true });
}

/**
 * The template gallery (no sign-in needed) of one category ('' = all), page by page: one query for
 * the shell's early request (shell/src/app/first-route-data.ts) and remote-create's pages, which
 * draw from what it brought (the cache rules of docs/product.md "Data cache" still apply: a page
 * mounting after the answer asks again, in the background).
 */
export function templateListQuery(category = '') {
  return infiniteQueryOptions({
    queryKey: ['sys-videos', category],
    queryFn: ({ pageParam }) => listTemplates(pageParam, category),
    initialPageParam: 1,
    getNextPageParam: (last: TemplatePage) => (last.hasMore ? last.page + 1 : undefined),
  });
}
