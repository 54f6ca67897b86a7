import type { PageOf } from '@app/contract';
import { ApiError, LoadMore, pageItems } from '@app/shared';
import { Button, EmptyState } from '@app/shared/kit';
import { PullToRefresh, SpinLoading } from '@app/shared/kit/more';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.rspMsg;
  return error instanceof Error && error.message !== 'abort' ? error.message : '请检查网络后重试';
}

interface RecordListProps<T extends { id: string }> {
  query: UseInfiniteQueryResult<InfiniteData<PageOf<T>>>;
  renderItem(item: T): React.ReactNode;
  emptyTitle: string;
  emptyDescription: string;
}

/**
 * One of the user's record lists: pull to refresh, more near the bottom, and a state for each
 * moment — loading, failed (with retry), empty, the records.
 */
export function RecordList<T extends { id: string }>({ query, renderItem, emptyTitle, emptyDescription }: RecordListProps<T>) {
  const { data, isPending, isError, error, refetch } = query;

  if (isPending) {
    return (
      <div className="ac-loading" role="status" aria-label="加载中">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (isError && !data) {
    return (
      <EmptyState kind="offline" className="ac-empty" title="加载失败" description={errorText(error)}>
        <Button color="primary" shape="rounded" onClick={() => void refetch()}>
          重新加载
        </Button>
      </EmptyState>
    );
  }

  const items = pageItems(data?.pages);
  // The wrapper fills the page, so a pull starting below a short list refreshes it as well.
  return (
    <div className="ac-refresh">
      <PullToRefresh
        onRefresh={async () => {
          await refetch();
        }}
      >
        {items.length === 0 ? (
          <EmptyState kind="records" className="ac-empty" title={emptyTitle} description={emptyDescription} />
        ) : (
          <>
            <ul className="ac-records">{items.map((item) => <li key={item.id}>{renderItem(item)}</li>)}</ul>
            <LoadMore query={query} />
          </>
        )}
      </PullToRefresh>
    </div>
  );
}
