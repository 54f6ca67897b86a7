import { useEffect, useRef, useState } from 'react';

/** How long the shown number takes to reach a new polled value: about one poll, so it keeps moving. */
export const EASE_MS = 1500;

/** The value at `elapsed` ms of a move from `from` to `to` (ease-out, whole numbers). */
export function easeBetween(from: number, to: number, elapsed: number, duration = EASE_MS): number {
  if (elapsed >= duration) return to;
  const t = Math.max(0, elapsed) / duration;
  return Math.round(from + (to - from) * (1 - (1 - t) ** 3));
}

/**
 * A number that moves to each new `target` over EASE_MS instead of jumping (the progress between
 * two polls). Goes straight there when the user prefers reduced motion, or going down.
 */
export function useEasedNumber(target: number): number {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  const current = useRef(target);
  current.current = shown;
  useEffect(() => {
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduce || target <= current.current) {
      setShown(target);
      return;
    }
    from.current = current.current;
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const value = easeBetween(from.current, target, now - start);
      setShown(value);
      if (value !== target) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}
