/** @jest-environment jsdom */
import { AFTER_PAINT_PRELOADS_ID, AFTER_PAINT_TYPE, FIRST_PAINT_SCRIPT, afterPaint } from '../../src/plugins/first-paint.js';

// The page's inline script (plugins/first-paint.ts), run in a document of its own: it shows the
// picture on a start at 首页 and starts the shell's script once the picture is painted.

// jsdom's globals, untyped: the server's program is compiled without the DOM's types.
type Node_ = any;
const dom = globalThis as unknown as { document: Node_; requestAnimationFrame: (callback: () => void) => number; Event: new (type: string) => unknown };

interface Loaded {
  doc: Node_;
  /** The scripts the inline script has inserted to run, by address. */
  started: () => string[];
  /** The preloads live in the page (not in the template), by address. */
  preloaded: () => string[];
  covers: Node_[];
}

/**
 * Chromium's PerformanceObserver, as far as the script uses it: `paint(element)` reports a
 * largest-contentful-paint entry for `element` to the observer, as Chromium does once the frame
 * that shows it is on screen.
 */
class FakeObserver {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  static observers: FakeObserver[] = [];
  static paint(element: Node_) {
    for (const observer of FakeObserver.observers) observer.callback({ getEntries: () => [{ entryType: 'largest-contentful-paint', element }] });
  }
  /** Whether the script has stopped observing. */
  disconnected = false;
  constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
  observe(options: { type: string; buffered: boolean }) {
    expect(options).toEqual({ type: 'largest-contentful-paint', buffered: true });
    FakeObserver.observers.push(this);
  }
  disconnect() {
    this.disconnected = true;
    FakeObserver.observers = FakeObserver.observers.filter((o) => o !== this);
  }
}

interface Browser {
  frame?: (callback: () => void) => number;
  /** Chromium's largest-contentful-paint report, or none (Safari, Firefox). */
  observer?: typeof FakeObserver;
  visibility?: 'visible' | 'hidden';
}

function load(hash: string, covers = 0, { frame = dom.requestAnimationFrame, observer, visibility = 'visible' }: Browser = {}): Loaded {
  const doc = dom.document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = `<script type="${AFTER_PAINT_TYPE}" src="/main.js"></script><template id="${AFTER_PAINT_PRELOADS_ID}"><link rel="preload" as="script" href="/1.js"></template>`;
  doc.body.innerHTML = `<div id="first-paint">${'<img src="/c.webp">'.repeat(covers)}</div><div id="root"></div>`;
  const images: Node_[] = [...doc.querySelectorAll('img')];
  for (const img of images) Object.defineProperty(img, 'complete', { value: false });
  Object.defineProperty(doc, 'visibilityState', { value: visibility });
  FakeObserver.observers = [];
  // The script's globals, as the page gives them.
  new Function('document', 'location', 'requestAnimationFrame', 'setTimeout', 'PerformanceObserver', FIRST_PAINT_SCRIPT)(doc, { hash }, frame, setTimeout, observer);
  return {
    doc,
    started: () => [...doc.head.querySelectorAll('script:not([type])')].map((s: Node_) => String(s.getAttribute('src'))),
    preloaded: () => [...doc.querySelectorAll('link[rel="preload"]')].map((l: Node_) => String(l.getAttribute('href'))),
    covers: images,
  };
}

const parsed = (page: Loaded) => page.doc.dispatchEvent(new dom.Event('DOMContentLoaded'));

describe("the page's inline script in a browser without a largest-contentful-paint report (Safari, Firefox)", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts the shell once the page is parsed when it does not start at 首页, as defer would', async () => {
    const page = load('#/pages/my/myIndex', 2);
    expect(page.doc.documentElement.classList.contains('fp-on')).toBe(false);
    expect(page.started()).toEqual([]);
    expect(page.preloaded()).toEqual([]);
    parsed(page);
    expect(page.started()).toEqual(['/main.js']);
    // The template's preloads go live with it (the scripts main.js loads next), after it: main.js is asked for first.
    expect(page.preloaded()).toEqual(['/1.js']);
    expect(page.doc.head.querySelector('script:not([type])').compareDocumentPosition(page.doc.head.querySelector('link[rel="preload"]')) & 4).toBeTruthy();
    const [script] = page.doc.head.querySelectorAll('script:not([type])');
    // In order with any other, not as soon as each arrives.
    expect(script.async).toBe(false);
    await jest.advanceTimersByTimeAsync(1000);
    expect(page.started()).toEqual(['/main.js']);
  });

  it('on 首页 waits for the covers to load or fail, then a frame', async () => {
    const page = load('#/', 2);
    expect(page.doc.documentElement.classList.contains('fp-on')).toBe(true);
    parsed(page);
    await jest.advanceTimersByTimeAsync(100);
    page.covers[0]!.dispatchEvent(new dom.Event('load'));
    await jest.advanceTimersByTimeAsync(100);
    expect(page.started()).toEqual([]);
    page.covers[1]!.dispatchEvent(new dom.Event('error'));
    expect(page.started()).toEqual([]);
    // A frame, then the task after it.
    await jest.advanceTimersByTimeAsync(20);
    expect(page.started()).toEqual(['/main.js']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(page.started()).toEqual(['/main.js']);
  });

  it('on 首页 waits no longer than 500 ms for covers that never come', async () => {
    const page = load('', 1);
    parsed(page);
    await jest.advanceTimersByTimeAsync(499);
    expect(page.started()).toEqual([]);
    await jest.advanceTimersByTimeAsync(20);
    expect(page.started()).toEqual(['/main.js']);
  });

  it('on 首页 with the covers already loaded waits one frame only', async () => {
    const page = load('#/pages/index/index');
    parsed(page);
    expect(page.started()).toEqual([]);
    await jest.advanceTimersByTimeAsync(20);
    expect(page.started()).toEqual(['/main.js']);
  });

  it('in a tab that draws no frame, starts the shell all the same', async () => {
    const page = load('#/', 0, { frame: () => 0 });
    parsed(page);
    await jest.advanceTimersByTimeAsync(99);
    expect(page.started()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(page.started()).toEqual(['/main.js']);
  });
});

describe("the page's inline script in a browser that reports the largest contentful paint", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('on 首页 starts the shell once the covers have loaded and one is reported painted, not a frame earlier', async () => {
    const page = load('#/', 2, { observer: FakeObserver });
    parsed(page);
    for (const cover of page.covers) cover.dispatchEvent(new dom.Event('load'));
    // A frame is not enough: it may not be on screen yet when the script would run.
    await jest.advanceTimersByTimeAsync(200);
    expect(page.started()).toEqual([]);
    // Text painted first is not the picture.
    FakeObserver.paint(page.doc.querySelector('#first-paint'));
    expect(page.started()).toEqual([]);
    expect(page.preloaded()).toEqual([]);
    const [observer] = FakeObserver.observers;
    FakeObserver.paint(page.covers[0]);
    expect(page.started()).toEqual(['/main.js']);
    expect(page.preloaded()).toEqual(['/1.js']);
    // Nothing more to wait for: it stops observing.
    expect(observer!.disconnected).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    expect(page.started()).toEqual(['/main.js']);
    expect(page.preloaded()).toEqual(['/1.js']);
  });

  it('on 首页 with a cover reported before the others have loaded, starts when the last has loaded', async () => {
    const page = load('#/', 2, { observer: FakeObserver });
    parsed(page);
    page.covers[0]!.dispatchEvent(new dom.Event('load'));
    FakeObserver.paint(page.covers[0]);
    expect(page.started()).toEqual([]);
    page.covers[1]!.dispatchEvent(new dom.Event('error'));
    expect(page.started()).toEqual(['/main.js']);
  });

  it('on 首页 waits no longer than 500 ms for a paint that is never reported', async () => {
    const page = load('#/', 1, { observer: FakeObserver });
    parsed(page);
    page.covers[0]!.dispatchEvent(new dom.Event('error'));
    await jest.advanceTimersByTimeAsync(499);
    expect(page.started()).toEqual([]);
    await jest.advanceTimersByTimeAsync(20);
    expect(page.started()).toEqual(['/main.js']);
    expect(FakeObserver.observers).toEqual([]);
  });

  it('in a hidden tab, which is given no report, waits for the covers and a frame', async () => {
    const page = load('#/', 1, { observer: FakeObserver, visibility: 'hidden', frame: () => 0 });
    expect(FakeObserver.observers).toEqual([]);
    parsed(page);
    page.covers[0]!.dispatchEvent(new dom.Event('load'));
    await jest.advanceTimersByTimeAsync(100);
    expect(page.started()).toEqual(['/main.js']);
  });

  it('elsewhere starts the shell once the page is parsed, without observing anything', () => {
    const page = load('#/pages/my/myIndex', 2, { observer: FakeObserver });
    expect(FakeObserver.observers).toEqual([]);
    parsed(page);
    expect(page.started()).toEqual(['/main.js']);
  });
});

describe('afterPaint', () => {
  it("gives the shell's defer scripts the type only the inline script starts, and lists them to preload", () => {
    expect(afterPaint('<head><script defer src=main.js></script><script defer="defer" src="/a.js?x=1&amp;y"></script><script src=b.js></script><script>x</script></head>')).toEqual({
      html: `<head><script type="${AFTER_PAINT_TYPE}" src="main.js"></script><script type="${AFTER_PAINT_TYPE}" src="/a.js?x=1&amp;y"></script><script src=b.js></script><script>x</script></head>`,
      scripts: ['main.js', '/a.js?x=1&y'],
    });
  });
});
