import { useEffect, useState } from 'react';

export const OFFLINE_TEXT = '网络未连接，请检查网络后重试';

/** Whether the network answers now: any HTTP answer from the server (the service worker never caches /healthz). */
export async function networkAnswers(origin = window.location.origin): Promise<boolean> {
  try {
    await fetch(`${origin}/healthz`, { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A notice over the frame while the browser is offline — at start (the frame itself comes from
 * the service worker's cache) or when the connection drops. 重试 checks the network; once it
 * answers, the notice goes and `onReconnect` reloads what failed.
 */
export function OfflineNotice({ onReconnect }: { onReconnect: () => void }) {
  const [offline, setOffline] = useState(() => !navigator.onLine);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    const down = () => setOffline(true);
    window.addEventListener('offline', down);
    return () => window.removeEventListener('offline', down);
  }, []);

  if (!offline) return null;

  const retry = async () => {
    setChecking(true);
    const back = navigator.onLine && (await networkAnswers());
    setChecking(false);
    if (!back) return;
    setOffline(false);
    onReconnect();
  };

  return (
    <div className="app-offline" role="alert">
      <span className="app-offline-text">{OFFLINE_TEXT}</span>
      <button type="button" className="app-offline-retry" disabled={checking} onClick={() => void retry()}>
        {checking ? '正在重试…' : '重试'}
      </button>
    </div>
  );
}
