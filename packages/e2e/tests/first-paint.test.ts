import type { Page } from 'playwright-core';
import { registerInBrowser } from '../src/account';
import { baseUrl, openRoute, screenshot, shownRoute, useBrowserPage, waitForPage } from '../src/browser';
import { settledGallery } from '../src/create';

// The server's picture of 首页's first screen (packages/server/src/plugins/first-paint.ts): shown
// while the app's scripts load, the same boxes and words as the page the app then draws, gone once
// that page is on screen; never on a start at another page.

// No service worker: a page it controls fetches remote-create's entry through it, where holdHome
// (page.route) cannot hold it. (Its navigations are the server's page all the same: sw.ts.)
const current = useBrowserPage({ serviceWorkers: 'block' });

/** Parts of the picture and the app's page that must sit in the same place, in pairs. */
const PARTS: [picture: string, app: string][] = [
  ['.fp-header', '.cr-home-header'],
  ['.fp-title', '.cr-home-title'],
  ['.fp-subtitle', '.cr-home-subtitle'],
  ['.fp-quick', '.cr-quick-entry'],
  ['.fp-section-title', '.cr-section-title'],
  ['.fp-tabs', '.cr-category-tabs'],
  ['.fp-tab', '.cr-category-tab'],
  ['.fp-media', '.cr-template-media'],
  ['.fp-card-title', '.cr-template-title'],
  ['.fp-same', '.cr-template-same'],
  ['.fp-tabbar', '.app-tabbar'],
];

type Box = { selector: string; index: number; x: number; y: number; width: number; height: number; text: string };

/** The boxes (and words) of the first two elements of each selector. */
function boxes(page: Page, selectors: string[]): Promise<Box[]> {
  return page.evaluate(
    (list) =>
      list.flatMap((selector) =>
        [...document.querySelectorAll<HTMLElement>(selector)].slice(0, 2).map((el, index) => {
          const r = el.getBoundingClientRect();
          return { selector, index, x: r.x, y: r.y, width: r.width, height: r.height, text: (el.textContent ?? '').trim() };
        }),
      ),
    selectors,
  );
}

/**
 * Holds remote-create's entry, so the page shows the picture and nothing of the app's 首页 yet;
 * the returned function lets it through (unrouting lets the held request go on).
 */
async function holdHome(page: Page): Promise<() => Promise<void>> {
  const entry = /\/remotes\/create\/.*remoteEntry\.js$/;
  await page.route(entry, () => new Promise<void>(() => undefined));
  return () => page.unroute(entry);
}

beforeAll(async () => {
  // Every sample rendered: a template listed between the picture and the app's page would give
  // the app a tab the picture has not.
  expect((await settledGallery(baseUrl(), { settleMs: Infinity })).length).toBeGreaterThan(0);
}, 200000);

/** What had happened when the page's inline script started the shell's script. */
interface ShellStart {
  frames: number;
  covers: boolean;
  coverPainted: boolean;
  sinceParsed: number;
  scriptsAsked: number;
}

it('shows 首页 as the app will draw it while the scripts load, then gives way to the app with no layout shift', async () => {
  const page = current.page();
  await page.addInitScript(() => {
    (window as { shifts?: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // What had happened when the shell's script was started (the page's inline script inserts it).
    const w = window as unknown as { frames_: number; coverPainted?: boolean; parsedAt?: number; shellStart?: ShellStart };
    w.frames_ = 0;
    // Chromium's report of the largest contentful paint, made once the frame showing it is on screen.
    new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => (e as PerformanceEntry & { element?: Element | null }).element?.matches('#first-paint img'))) w.coverPainted = true;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    const count = () => {
      w.frames_ += 1;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    document.addEventListener('DOMContentLoaded', () => (w.parsedAt = performance.now()));
    new MutationObserver((records) => {
      for (const node of records.flatMap((r) => [...r.addedNodes])) {
        if (node instanceof HTMLScriptElement && !node.type && /\/main\.[0-9a-f]{8}\.js$/.test(node.src) && !w.shellStart) {
          w.shellStart = {
            frames: w.frames_,
            covers: [...document.querySelectorAll<HTMLImageElement>('#first-paint img')].every((img) => img.complete),
            coverPainted: w.coverPainted === true,
            sinceParsed: performance.now() - (w.parsedAt ?? 0),
            // Scripts (and the manifest) asked for until then, main.js aside (preloaded behind the
            // covers): none, their preloads waited too.
            scriptsAsked: performance.getEntriesByType('resource').filter((e) => /(?<!\/main\.[0-9a-f]{8})\.js$|mf-manifest\.json$/.test(new URL(e.name).pathname)).length,
          };
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const csp: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) csp.push(message.text());
  });
  const release = await holdHome(page);
  await page.goto(`${baseUrl()}/#/`);
  const picture = page.locator('#first-paint');
  await picture.waitFor({ state: 'visible' });
  // Its covers are the ones the page preloads, loaded.
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('#first-paint img')].every((img) => img.complete && img.naturalWidth > 0));
  expect(await page.locator('#first-paint img').count()).toBeGreaterThan(0);
  expect(await picture.getAttribute('aria-hidden')).toBe('true');
  expect(await page.locator('.cr-home').count()).toBe(0);
  await screenshot(page, 'first-paint');
  const drawn = await boxes(page, PARTS.map(([fp]) => fp));

  await release();
  await picture.waitFor({ state: 'detached' });
  await waitForPage(page);
  expect(await shownRoute(page)).toBe('pages/index/index');
  await page.locator('.cr-template-cover[data-loaded]').first().waitFor();
  await screenshot(page, 'first-paint-app');
  const app = await boxes(page, PARTS.map(([, selector]) => selector));

  // Part by part, the same place (within a pixel) and the same words.
  for (const [fp, selector] of PARTS) {
    const ours = drawn.filter((box) => box.selector === fp);
    const theirs = app.filter((box) => box.selector === selector);
    expect([fp, ours.length]).toEqual([fp, theirs.length]);
    ours.forEach((box, i) => {
      const other = theirs[i]!;
      for (const side of ['x', 'y', 'width', 'height'] as const) expect([fp, i, side, Math.abs(box[side] - other[side]) <= 1]).toEqual([fp, i, side, true]);
      // (The header's words differ by design: 登录/注册 or the greeting are not drawn.)
      if (!['.fp-header', '.fp-media', '.fp-tabbar'].includes(fp)) expect([fp, box.text]).toEqual([fp, other.text]);
    });
  }
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  expect(csp).toEqual([]);
  // The shell's script started once Chromium had reported a cover painted, on screen (or after the
  // 500 ms the page waits at most): nothing of the app's is fetched or run before the first paint.
  const start = await page.evaluate(() => (window as unknown as { shellStart?: ShellStart }).shellStart);
  expect(start).toBeDefined();
  expect(start!.frames).toBeGreaterThanOrEqual(1);
  if (start!.sinceParsed < 500) expect(start).toMatchObject({ covers: true, coverPainted: true, scriptsAsked: 0 });
}, 60000);

it('is not shown when the app starts at another page, and the app starts as usual', async () => {
  const page = current.page();
  await registerInBrowser(page);
  const release = await holdHome(page);
  await page.goto('about:blank'); // a new document, not a move inside the signed-in one
  await page.goto(`${baseUrl()}/#/pages/my/myIndex`);
  await waitForPage(page);
  expect(await shownRoute(page)).toBe('pages/my/myIndex');
  expect(await page.evaluate(() => document.documentElement.classList.contains('fp-on'))).toBe(false);
  expect(await page.locator('#first-paint').isVisible()).toBe(false);
  await release();
  // Then to 首页 inside the app: the app's own page, no picture.
  await openRoute(page, '/');
  await waitForPage(page);
  expect(await page.locator('#first-paint').count()).toBe(0);
}, 60000);

it('is the signed-in user\'s 首页 too: the header keeps its height with the greeting and balance', async () => {
  const page = current.page();
  await registerInBrowser(page);
  const release = await holdHome(page);
  await page.goto('about:blank');
  await page.goto(`${baseUrl()}/#/`);
  await page.locator('#first-paint').waitFor({ state: 'visible' });
  const [header] = await boxes(page, ['.fp-header']);
  await release();
  await page.locator('#first-paint').waitFor({ state: 'detached' });
  await page.locator('.cr-home-user').waitFor();
  const [appHeader] = await boxes(page, ['.cr-home-header']);
  expect(Math.abs(header!.height - appHeader!.height)).toBeLessThanOrEqual(1);
}, 60000);
