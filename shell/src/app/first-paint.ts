/**
 * The server's picture of 首页's first screen in the page for `/` (packages/server/src/plugins/first-paint.ts):
 * shown while the app's scripts load, removed once the app's own first page is on screen — after
 * that page's first pictures are decoded, so the swap shows no empty cover — or once it shows why
 * it could not load. A page still loading after FIRST_PAINT_MAX_MS gets the app's own loading
 * indicator instead (the picture does not answer taps).
 */
export const FIRST_PAINT_ID = 'first-paint';
/** The longest the swap waits for the first page's pictures. */
export const IMAGE_WAIT_MS = 1500;
/** The longest the picture stays while the first page is still loading. */
export const FIRST_PAINT_MAX_MS = 8000;

/**
 * User Timing marks of the start (performance.mark: in the browser's performance panel, and read
 * by `npm run bench`, packages/e2e/bench/front-end.ts): the shell's script starts running, and its
 * first page has rendered.
 */
export const START_MARK = 'app:start';
export const FIRST_PAGE_MARK = 'app:first-page';

/** Sets a User Timing mark (every browser the app supports has them; jsdom does not). */
export function markTiming(name: string): void {
  if (typeof performance.mark === 'function') performance.mark(name);
}

let done = false;
let marked = false;

function remove(doc: Document): void {
  done = true;
  doc.getElementById(FIRST_PAINT_ID)?.remove();
}

/** Called at start: the picture goes after FIRST_PAINT_MAX_MS whatever happens. */
export function limitFirstPaint(doc: Document = document): void {
  if (!doc.getElementById(FIRST_PAINT_ID)) {
    done = true;
    return;
  }
  setTimeout(() => remove(doc), FIRST_PAINT_MAX_MS);
}

/**
 * The first page has rendered (or shown its load error): the picture goes once the shown page's
 * eager pictures are decoded (at most IMAGE_WAIT_MS), in the next frame.
 */
export function firstPageShown(doc: Document = document): void {
  if (!marked) {
    marked = true;
    markTiming(FIRST_PAGE_MARK);
  }
  if (done) return;
  done = true;
  const paint = doc.getElementById(FIRST_PAINT_ID);
  if (!paint) return;
  const shown = doc.querySelector('.app-page[aria-hidden="false"]');
  const images = shown ? [...shown.querySelectorAll<HTMLImageElement>('img[loading="eager"]')] : [];
  const decoded = Promise.allSettled(images.map((img) => img.decode()));
  const timeout = new Promise((resolve) => setTimeout(resolve, IMAGE_WAIT_MS));
  void Promise.race([decoded, timeout]).then(() => requestAnimationFrame(() => paint.remove()));
}

/** For tests: forget that the first page was shown. */
export function resetFirstPaint(): void {
  done = false;
  marked = false;
}
