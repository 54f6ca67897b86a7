import { ApiError } from '@app/shared';
import { Button, EmptyState } from '@app/shared/kit';

interface LoadFailedProps {
  error: unknown;
  retry(): void;
  /** What failed to load, in the title: 模板加载失败. */
  title?: string;
  /**
   * For one thing asked for by id: the server's refusal (rspCode 4, not found or not yours) is
   * said as such, and a retry would not help.
   */
  missing?: { title: string; description: string };
}

/** A load that failed: the network's fault with 重新加载, or, for a single item, that it is gone. */
export function LoadFailed({ error, retry, title = '加载失败', missing }: LoadFailedProps) {
  if (missing && error instanceof ApiError) return <EmptyState kind="missing" title={missing.title} description={missing.description} />;
  return (
    <EmptyState kind="offline" title={title} description="请检查网络后重试">
      <Button size="small" color="primary" shape="rounded" onClick={retry}>
        重新加载
      </Button>
    </EmptyState>
  );
}
