import { FIRST_PAGE_MARK, FIRST_PAINT_MAX_MS, IMAGE_WAIT_MS, firstPageShown, limitFirstPaint, resetFirstPaint } from './first-paint';

// The server's picture of 首页 gives way to the app's first page once its pictures are decoded.

function setUp(images: { decode: () => Promise<void> }[] = []): HTMLElement {
  document.body.innerHTML = '<div id="first-paint"></div><div class="app-page" aria-hidden="false"></div>';
  const page = document.querySelector('.app-page')!;
  for (const image of images) {
    const img = document.createElement('img');
    img.setAttribute('loading', 'eager');
    img.decode = image.decode;
    page.append(img);
  }
  return document.getElementById('first-paint')!;
}

const frames = () => new Promise((resolve) => requestAnimationFrame(resolve));

beforeEach(() => {
  resetFirstPaint();
  jest.useRealTimers();
});

it('marks the first page\'s render once, picture or not (the bench reads the mark)', () => {
  // jsdom has no User Timing: the browser's, as far as it is used.
  const mark = jest.fn();
  Object.defineProperty(performance, 'mark', { value: mark, configurable: true });
  try {
    document.body.innerHTML = '<div class="app-page" aria-hidden="false"></div>';
    limitFirstPaint();
    expect(mark).not.toHaveBeenCalled();
    firstPageShown();
    firstPageShown();
    expect(mark.mock.calls).toEqual([[FIRST_PAGE_MARK]]);
  } finally {
    delete (performance as { mark?: unknown }).mark;
  }
});

it('goes once the first page\'s eager pictures are decoded, in the next frame', async () => {
  let decoded!: () => void;
  const paint = setUp([{ decode: () => new Promise<void>((resolve) => (decoded = resolve)) }]);
  firstPageShown();
  await frames();
  expect(paint.isConnected).toBe(true);
  decoded();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await frames();
  expect(paint.isConnected).toBe(false);
});

it('does not wait for a picture that fails, nor longer than IMAGE_WAIT_MS for one that never loads', async () => {
  const failing = setUp([{ decode: () => Promise.reject(new Error('EncodingError')) }]);
  firstPageShown();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await frames();
  expect(failing.isConnected).toBe(false);

  resetFirstPaint();
  jest.useFakeTimers();
  const stuck = setUp([{ decode: () => new Promise<void>(() => undefined) }]);
  firstPageShown();
  await jest.advanceTimersByTimeAsync(IMAGE_WAIT_MS + 50);
  expect(stuck.isConnected).toBe(false);
});

it('acts on the first page only', async () => {
  const paint = setUp();
  firstPageShown();
  await frames();
  expect(paint.isConnected).toBe(false);
  const again = setUp();
  firstPageShown();
  await frames();
  expect(again.isConnected).toBe(true);
});

it('goes after FIRST_PAINT_MAX_MS while the first page is still loading (the app\'s own indicator shows instead)', async () => {
  jest.useFakeTimers();
  const paint = setUp();
  limitFirstPaint();
  await jest.advanceTimersByTimeAsync(FIRST_PAINT_MAX_MS - 1);
  expect(paint.isConnected).toBe(true);
  await jest.advanceTimersByTimeAsync(1);
  expect(paint.isConnected).toBe(false);
});
