import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi, type ApiPage } from '@app/shared';

export const RECORDS_PAGE_SIZE = 20;

/**
 * An infinite list of one of the user's record calls, keyed by the user: another user signing in
 * on this device never sees the previous one's records, not even from the cache.
 */
export function useRecordPages<T>(key: string, url: string, userId: string) {
  return useInfiniteQuery({
    queryKey: [key, userId],
    queryFn: ({ pageParam, signal }) => callApi<ApiPage<T>>(url, { page: pageParam, pageSize: RECORDS_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}
