import type { LoadFailureKind } from '@app/contract';
import { t, type MessageKey } from '@app/shared';

/** What the page says for each kind of failure; the time-out keeps the seed's words. */
const FAILURE_MESSAGES: Record<LoadFailureKind, MessageKey> = {
  missing: 'app.load.missing',
  network: 'app.load.network',
  timeout: 'uni.async.error',
  incompatible: 'app.load.incompatible',
  crashed: 'app.load.crashed',
};

/** The runtime's error element: the whole page is the retry button. */
export function LoadError({ kind, onRetry }: { kind: LoadFailureKind; onRetry: () => void }) {
  return (
    <div
      className="app-page-error"
      data-kind={kind}
      role="button"
      tabIndex={0}
      onClick={onRetry}
      onKeyDown={(e) => e.key === 'Enter' && onRetry()}
    >
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M24 13v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        <circle cx="24" cy="34" r="2" fill="currentColor" />
      </svg>
      <p>{t(FAILURE_MESSAGES[kind])}</p>
    </div>
  );
}
