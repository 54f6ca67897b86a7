import { Component, type ReactNode } from 'react';
import type { LoadFailureKind } from '@app/contract';
import { LoadError } from './load-error';

interface Props {
  children: ReactNode;
  /** Names the error (a chunk the page loads while rendering may be missing, not the page at fault) and reports it. */
  onError: (error: unknown) => Promise<LoadFailureKind>;
}

/**
 * A page that throws while rendering shows a message in its own frame; the tab bar and the other
 * pages keep working. A tap renders it again.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean; kind: LoadFailureKind }> {
  override state: { failed: boolean; kind: LoadFailureKind } = { failed: false, kind: 'crashed' };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // The console hears of it from the report (with remote, version, page and kind).
    void this.props.onError(error).then((kind) => this.setState({ kind }));
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <LoadError kind={this.state.kind} onRetry={() => this.setState({ failed: false, kind: 'crashed' })} />;
  }
}
