import { Component, type ReactNode } from 'react';

/**
 * A page that throws while rendering shows a message in its own frame; the tab bar and the other
 * pages keep working. A tap renders it again.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('page crashed', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="app-page-error" role="button" tabIndex={0} onClick={() => this.setState({ failed: false })}>
        <p>页面出错了，点击重试</p>
      </div>
    );
  }
}
