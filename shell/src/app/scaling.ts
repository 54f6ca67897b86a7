/** The responsive rules (docs/product.md "Scaling"): a 375px design scaled with the screen, capped at 960px. */
export const DESIGN_WIDTH = 375;
export const MAX_WIDTH = 960;
export const RESIZE_THROTTLE_MS = 50;

/** Root font size for a window width: 1rem is 16 design px at any width up to the cap. */
export function rootFontSize(windowWidth: number): number {
  const width = Math.min(Math.max(windowWidth, 1), MAX_WIDTH);
  return Math.round(((16 * width) / DESIGN_WIDTH) * 100) / 100;
}

/** At most one call per `ms`, the last call always honoured (leading and trailing). */
export function throttle(fn: () => void, ms: number): () => void {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) {
      last = Date.now();
      fn();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, wait);
    }
  };
}

/** Keeps the root font size (and `--app-width`) in step with the window; returns the unsubscribe. */
export function startScaling(win: Window = window): () => void {
  const apply = () => {
    const root = win.document.documentElement;
    root.style.fontSize = `${rootFontSize(win.innerWidth)}px`;
    root.style.setProperty('--app-width', `${Math.min(win.innerWidth, MAX_WIDTH)}px`);
  };
  apply();
  const onResize = throttle(apply, RESIZE_THROTTLE_MS);
  win.addEventListener('resize', onResize);
  return () => win.removeEventListener('resize', onResize);
}
