import { useEffect, useRef } from 'react';

/** docs/product.md "Constants and limits": a press becomes a long press after 350 ms, unless the finger moved 10 px first. */
export const LONG_PRESS_MS = 350;
export const LONG_PRESS_TOLERANCE_PX = 10;

/**
 * Pointer handlers that call `onLongPress` after a still press of 350 ms. A move beyond 10 px (a
 * scroll) or lifting the finger earlier cancels it; the click that ends a long press is swallowed
 * so the item does not also open. On a touch screen that click is cancelled at the lift: the
 * browser aims it at whatever is under the finger by then — the mask of the menu just opened,
 * which it would close.
 */
export function useLongPress(onLongPress: () => void) {
  const press = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const fired = useRef(false);
  const latest = useRef(onLongPress);
  latest.current = onLongPress;

  const cancel = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  useEffect(() => cancel, []);

  return {
    onPointerDown: (e: React.PointerEvent) => {
      if (e.button !== 0) return;
      cancel();
      fired.current = false;
      const timer = setTimeout(() => {
        press.current = null;
        fired.current = true;
        latest.current();
      }, LONG_PRESS_MS);
      press.current = { x: e.clientX, y: e.clientY, timer };
    },
    onPointerMove: (e: React.PointerEvent) => {
      const start = press.current;
      if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > LONG_PRESS_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onTouchEnd: (e: React.TouchEvent) => {
      if (fired.current && e.cancelable) e.preventDefault();
    },
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    // The browser's own long-press menu (save image, select text) would cover ours.
    onContextMenu: (e: React.MouseEvent) => e.preventDefault(),
    onClickCapture: (e: React.MouseEvent) => {
      if (!fired.current) return;
      fired.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
  };
}
