import type { PageOf } from '@app/contract';
import { useInfiniteQuery } from '@tanstack/react-query';

export const RECORDS_PAGE_SIZE = 20;

/** One page of a record call (`api(path, { page, pageSize }, { signal })`). */
export type FetchRecordPage<T> = (page: number, pageSize: number, signal: AbortSignal) => Promise<PageOf<T>>;

/**
 * An infinite list of one of the user's record calls, keyed by the user: another user signing in
 * on this device never sees the previous one's records, not even from the cache.
 */
export function useRecordPages<T>(key: string, fetchPage: FetchRecordPage<T>, userId: string) {
  return useInfiniteQuery({
    queryKey: [key, userId],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, RECORDS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}
