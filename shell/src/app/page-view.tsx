import { useEffect, useState, useSyncExternalStore } from 'react';
import { t, type PageDef } from '@app/shared';
import { DotLoading } from '@app/shared/kit';
import { firstPageShown } from './first-paint';
import { LOADING_DELAY_MS, type PageLoader } from './page-loader';
import { LoadError } from './load-error';
import { PageErrorBoundary } from './page-error-boundary';

/** True once `ms` have passed since mount (the loading indicator waits 200 ms). */
function useDelay(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

function Loading() {
  const show = useDelay(LOADING_DELAY_MS);
  if (!show) return null;
  return (
    <div className="app-page-loading" role="status" aria-label={t('uni.showLoading.title')}>
      {/* Dots, not the spinner: the spinner's animation library would weigh on the first route. */}
      <DotLoading color="primary" style={{ fontSize: '2rem' }} />
      <span>{t('uni.showLoading.title')}</span>
    </div>
  );
}

/** A page's content: its remote module once loaded, the indicator while loading, or the retry element. */
export function PageView({ page, loader }: { page: PageDef; loader: PageLoader }) {
  const load = useSyncExternalStore(loader.subscribe, () => loader.get(page));
  useEffect(() => {
    void loader.ensure(page);
  }, [loader, page]);
  // The server's first paint gives way to the first page the app draws (or its load error).
  useEffect(() => {
    if (load.status !== 'loading') firstPageShown();
  }, [load.status]);

  if (load.status === 'loading') return <Loading />;
  if (load.status === 'error') return <LoadError kind={load.kind} onRetry={() => void loader.retry(page)} />;
  const Component = load.component;
  return (
    <PageErrorBoundary onError={(error) => loader.crashed(page, error)}>
      <Component />
    </PageErrorBoundary>
  );
}
