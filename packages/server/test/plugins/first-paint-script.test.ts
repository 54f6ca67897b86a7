/** @jest-environment jsdom */
import { AFTER_PAINT_TYPE, FIRST_PAINT_SCRIPT, afterPaint } from '../../src/plugins/first-paint.js';

// The page's inline script (plugins/first-paint.ts), run in a document of its own: it shows the
// picture on a start at 首页 and starts the shell's script once the picture is painted.

// jsdom's globals, untyped: the server's program is compiled without the DOM's types.
type Node_ = any;
const dom = globalThis as unknown as { document: Node_; requestAnimationFrame: (callback: () => void) => number; Event: new (type: string) => unknown };

interface Loaded {
  doc: Node_;
  /** The scripts the inline script has inserted to run, by address. */
  started: () => string[];
  covers: Node_[];
}

function load(hash: string, covers = 0, frame: (callback: () => void) => number = dom.requestAnimationFrame): Loaded {
  const doc = dom.document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = `<script type="${AFTER_PAINT_TYPE}" src="/main.js"></script>`;
  doc.body.innerHTML = `<div id="first-paint">${'<img src="/c.webp">'.repeat(covers)}</div><div id="root"></div>`;
  const images: Node_[] = [...doc.querySelectorAll('img')];
  for (const img of images) Object.defineProperty(img, 'complete', { value: false });
  // The script's globals, as the page gives them.
  new Function('document', 'location', 'requestAnimationFrame', 'setTimeout', FIRST_PAINT_SCRIPT)(doc, { hash }, frame, setTimeout);
  return {
    doc,
    started: () => [...doc.head.querySelectorAll('script:not([type])')].map((s: Node_) => String(s.getAttribute('src'))),
    covers: images,
  };
}

const parsed = (page: Loaded) => page.doc.dispatchEvent(new dom.Event('DOMContentLoaded'));

describe("the page's inline script", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts the shell once the page is parsed when it does not start at 首页, as defer would', async () => {
    const page = load('#/pages/my/myIndex', 2);
    expect(page.doc.documentElement.classList.contains('fp-on')).toBe(false);
    expect(page.started()).toEqual([]);
    parsed(page);
    expect(page.started()).toEqual(['/main.js']);
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
    const page = load('#/', 0, () => 0);
    parsed(page);
    await jest.advanceTimersByTimeAsync(99);
    expect(page.started()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
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
