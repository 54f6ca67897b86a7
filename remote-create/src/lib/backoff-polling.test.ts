import { renderHook } from '@testing-library/react';
import { useBackoffPolling } from './backoff-polling';

type Data = { pending: boolean; n: number };

function poller(active = true) {
  const { result } = renderHook(() => useBackoffPolling<Data>((d) => d.pending, active, { firstMs: 1000, maxMs: 5000, factor: 2 }));
  let at = 0;
  return (data: Data | undefined, fresh = true) => result.current({ state: { data, dataUpdatedAt: fresh ? ++at : at } });
}

describe('useBackoffPolling', () => {
  it('backs off while the answers stay the same, up to the ceiling, and is fast again when one changes', () => {
    const next = poller();
    const same = { pending: true, n: 1 };
    expect(next(same)).toBe(1000);
    expect(next(same)).toBe(2000);
    expect(next(same)).toBe(4000);
    expect(next(same)).toBe(5000);
    expect(next(same, false)).toBe(5000); // asked again without a new answer: no change
    expect(next({ pending: true, n: 2 })).toBe(1000);
  });

  it('stops when nothing is pending, before the first answer, or while the page is hidden', () => {
    expect(poller()({ pending: false, n: 1 })).toBe(false);
    expect(poller()(undefined)).toBe(false);
    expect(poller(false)({ pending: true, n: 1 })).toBe(false);
  });
});
