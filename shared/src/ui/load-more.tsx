import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll } from '@app/shared/kit';

/** docs/product.md "Constants and limits": the next page is asked for when the list comes within 50px of the bottom. */
export const BOTTOM_REACH_DISTANCE_PX = 50;

export interface LoadMoreProps {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'fetchNextPage'>;
  /** False while the page is hidden (a tab in the background asks for nothing). */
  enabled?: boolean;
}

/**
 * The foot of an infinite list: loads the next page near the bottom. A failed page is thrown, so
 * the kit shows its 加载失败 / 重新加载 line instead of asking again at once.
 */
export function LoadMore({ query, enabled = true }: LoadMoreProps) {
  return (
    <InfiniteScroll
      threshold={BOTTOM_REACH_DISTANCE_PX}
      hasMore={enabled && query.hasNextPage}
      loadMore={async () => {
        await query.fetchNextPage({ throwOnError: true });
      }}
    />
  );
}
