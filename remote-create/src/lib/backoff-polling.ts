import { useRef } from 'react';

export interface BackoffOptions {
  /** First delay after an answer that changed something. */
  firstMs?: number;
  maxMs?: number;
  factor?: number;
}

/**
 * A react-query `refetchInterval` that polls while `pending(data)` holds, starting fast and backing
 * off while the answers stay the same (a long queue), back to fast as soon as anything moves (a
 * render's progress). Structural sharing keeps `data` the same object when nothing changed, so an
 * identical answer is one that is `===` the previous one. Returns false when there is nothing to
 * wait for or the page is not shown.
 */
export function useBackoffPolling<T>(pending: (data: T) => boolean, active: boolean, options: BackoffOptions = {}) {
  const { firstMs = 1500, maxMs = 10000, factor = 1.6 } = options;
  const seen = useRef<{ updatedAt: number; data: T | undefined; unchanged: number }>({ updatedAt: -1, data: undefined, unchanged: 0 });
  return (query: { state: { data: T | undefined; dataUpdatedAt: number } }): number | false => {
    const { data, dataUpdatedAt } = query.state;
    if (data === undefined || !active || !pending(data)) return false;
    const last = seen.current;
    if (dataUpdatedAt !== last.updatedAt) {
      seen.current = { updatedAt: dataUpdatedAt, data, unchanged: data === last.data ? last.unchanged + 1 : 0 };
    }
    return Math.min(firstMs * factor ** seen.current.unchanged, maxMs);
  };
}
