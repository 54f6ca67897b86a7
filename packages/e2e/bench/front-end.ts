import type { Browser, BrowserContext } from 'playwright-core';
import { launch } from '../src/browser';
import { addTemplate, settledGallery } from '../src/create';
import { FIRST_PAGE_MARK, START_MARK } from '../../../shell/src/app/first-paint';
import { lighthouseMobile, type LighthouseRun } from './lighthouse';

const RUNS = 5;

/** A page the bench loads: `ready`, what it waits for; `timed`, the elements whose paint the page reports (Element Timing). */
interface Target {
  path: string;
  ready: string;
  timed: string;
}
/** The first route is ready when the gallery shows its first cover (a template without one shows its drawn placeholder). */
const GALLERY: Target = { path: '/#/', ready: '.cr-template-cover[data-loaded]', timed: 'img.cr-template-cover' };
/**
 * Baseline: a static HTML page from the same server, no JS (the floor of any load here): 用户协议
 * (/docs/json was Chromium's JSON viewer, itself a script).
 */
const STATIC_PAGE: Target = { path: '/legal/terms', ready: 'h1', timed: 'h1' };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface JsBytes {
  /** The scripts' bodies as the server sent them (compressed when it compresses). */
  wire: number;
  /** The same bodies decoded, as the browser parses them. */
  decoded: number;
}

/** The page's own first contentful paint and largest contentful paint, as Chromium timed them. */
const PAINTS = `new Promise((resolve) => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve({ fcp, lcp: entries[entries.length - 1]?.startTime ?? NaN });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve({ fcp, lcp: NaN }), 1000);
})`;

/**
 * What the bench waits for is also marked for Element Timing, so the page itself reports when it
 * painted it (renderTime, in the page's clock), apart from the bench's own round trips: Playwright's
 * navigation request and its polling for the selector (on this kind of host 100 ms and more, which
 * no user waits for). Added by the bench as the elements are inserted, before their first paint;
 * the app and the static page carry no such attribute themselves.
 */
const READY_TIMING = 'bench-ready';
const markReady = (selector: string) => `new MutationObserver(() => {
  for (const el of document.querySelectorAll(${JSON.stringify(selector)})) if (!el.hasAttribute('elementtiming')) el.setAttribute('elementtiming', '${READY_TIMING}');
}).observe(document, { subtree: true, childList: true });`;

/**
 * Where a load's time went, in the page's own clock (ms since the navigation started): the page's
 * last byte, the first paint, the shell's script starting and its first page rendered (the
 * shell's User Timing marks: shell/src/app/first-paint.ts), the awaited element painted, and when
 * the bench saw it.
 */
interface Timeline {
  page: number;
  paint: number;
  start: number;
  firstPage: number;
  painted: number;
  seen: number;
}

const TIMELINE = `new Promise((resolve) => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
  const seen = performance.now();
  const done = (painted) => resolve({
    page: performance.getEntriesByType('navigation')[0]?.responseEnd ?? NaN,
    paint: at('first-contentful-paint'),
    start: at('${START_MARK}'),
    firstPage: at('${FIRST_PAGE_MARK}'),
    painted,
    seen,
  });
  new PerformanceObserver((list) => {
    const entry = list.getEntries().find((e) => e.identifier === '${READY_TIMING}');
    if (entry) done(entry.renderTime || entry.loadTime);
  }).observe({ type: 'element', buffered: true });
  setTimeout(() => done(NaN), 2000);
})`;

/** The median of one point of `timelines`, in whole ms. */
function medianPoint(timelines: Timeline[], key: keyof Timeline): number {
  return Math.round(median(timelines.map((t) => t[key])));
}

/** The median of each point of `timelines`, as a table cell. */
function timelineCell(timelines: Timeline[]): string {
  const point = (key: keyof Timeline) => medianPoint(timelines, key);
  return `${point('page')} / ${point('paint')} / ${point('start')} / ${point('firstPage')} / ${point('painted')} / ${point('seen')} ms`;
}

/** A phone-sized context whose pages report when `target`'s timed elements are painted. */
async function benchContext(browser: Browser, target: Target): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN' });
  await context.addInitScript(markReady(target.timed));
  return context;
}

async function coldLoad(browser: Browser, baseUrl: string, target: Target): Promise<{ ms: number; js: JsBytes; fcp: number; lcp: number; timeline: Timeline }> {
  const context = await benchContext(browser, target);
  const page = await context.newPage();
  const scripts: Promise<JsBytes>[] = [];
  // Bytes as the browser received them: the encoded body size Chromium reports for each response,
  // not a size computed here (a server that sends scripts uncompressed shows as such).
  page.on('requestfinished', (req) => {
    if (!new URL(req.url()).pathname.endsWith('.js')) return;
    scripts.push(
      Promise.all([req.sizes(), req.response().then((res) => res?.body())]).then(
        ([sizes, body]) => ({ wire: sizes.responseBodySize, decoded: body?.length ?? 0 }),
        () => ({ wire: 0, decoded: 0 }),
      ),
    );
  });
  const start = Date.now();
  await page.goto(baseUrl + target.path);
  await page.waitForSelector(target.ready, { state: 'visible' });
  const ms = Date.now() - start;
  const timeline = await page.evaluate<Timeline>(TIMELINE);
  const paints = await page.evaluate<{ fcp: number; lcp: number }>(PAINTS);
  const js = (await Promise.all(scripts)).reduce((a, b) => ({ wire: a.wire + b.wire, decoded: a.decoded + b.decoded }), { wire: 0, decoded: 0 });
  await context.close();
  return { ms, js, ...paints, timeline };
}

/** Loads `target` until it is ready, in an open context (its cache and connections kept from earlier loads). */
async function loadIn(context: BrowserContext, baseUrl: string, target: Target): Promise<{ ms: number; timeline: Timeline }> {
  const page = await context.newPage();
  const start = Date.now();
  await page.goto(baseUrl + target.path);
  await page.waitForSelector(target.ready, { state: 'visible' });
  const ms = Date.now() - start;
  const timeline = await page.evaluate<Timeline>(TIMELINE);
  await page.close();
  return { ms, timeline };
}

/** A second load of `target` in the same browser context as a first one (what a user opening the app again gets from the cache). */
async function repeatVisit(browser: Browser, baseUrl: string, target: Target): Promise<{ ms: number; timeline: Timeline }> {
  const context = await benchContext(browser, target);
  try {
    await loadIn(context, baseUrl, target);
    return await loadIn(context, baseUrl, target);
  } finally {
    await context.close();
  }
}

/**
 * Front end: cold load and repeat visit of `#/` until the template gallery is visible (median of
 * 5; as the page timed it and as the bench saw it), the JS it received (bytes on the wire beside
 * their decoded size), and a tab switch; each beside a baseline taken in the same run.
 */
export async function benchFrontEnd(baseUrl: string, dataDir: string): Promise<Record<string, string | number>[]> {
  // Measured once the built-in templates' samples are rendered (no render competing for the CPU);
  // a server started without them gets one template, whose sample its workers render first.
  if ((await settledGallery(baseUrl)).length === 0) {
    await addTemplate(baseUrl, dataDir, { title: '城市夜景' });
    await settledGallery(baseUrl);
  }
  const browser = await launch();
  try {
    const baseline: number[] = [];
    const baselineLcp: number[] = [];
    const app: number[] = [];
    const fcp: number[] = [];
    const lcp: number[] = [];
    const repeatBaseline: number[] = [];
    const repeat: number[] = [];
    const coldTimelines: Timeline[] = [];
    const repeatTimelines: Timeline[] = [];
    const baselineTimelines: Timeline[] = [];
    const repeatBaselineTimelines: Timeline[] = [];
    let js: JsBytes = { wire: 0, decoded: 0 };
    for (let i = 0; i < RUNS; i++) {
      const plain = await coldLoad(browser, baseUrl, STATIC_PAGE);
      baseline.push(plain.ms);
      baselineLcp.push(plain.lcp);
      baselineTimelines.push(plain.timeline);
      const run = await coldLoad(browser, baseUrl, GALLERY);
      app.push(run.ms);
      fcp.push(run.fcp);
      lcp.push(run.lcp);
      js = run.js;
      coldTimelines.push(run.timeline);
      const plainAgain = await repeatVisit(browser, baseUrl, STATIC_PAGE);
      repeatBaseline.push(plainAgain.ms);
      repeatBaselineTimelines.push(plainAgain.timeline);
      const again = await repeatVisit(browser, baseUrl, GALLERY);
      repeat.push(again.ms);
      repeatTimelines.push(again.timeline);
    }

    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/`);
    await page.waitForSelector('.cr-home');
    // Warm both tabs once, then time switching back and forth (page already loaded: the shell's own cost).
    // Sent as source text: functions compiled by tsx carry helpers the page does not have.
    const switchOnce = (index: number, selector: string) =>
      page.evaluate<number>(`new Promise((resolve) => {
        const start = performance.now();
        document.querySelectorAll('.app-tabbar .adm-tab-bar-item')[${index}].click();
        const check = () => {
          const el = document.querySelector('${selector}');
          if (el && el.offsetParent !== null) resolve(performance.now() - start);
          else requestAnimationFrame(check);
        };
        check();
      })`);
    await switchOnce(2, '.ac-mine');
    await switchOnce(0, '.cr-home');
    const switches: number[] = [];
    const frames: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      switches.push(await switchOnce(2, '.ac-mine'));
      switches.push(await switchOnce(0, '.cr-home'));
      // Baseline: one animation frame, the least any visible change takes.
      frames.push(await page.evaluate<number>('new Promise((r) => { const s = performance.now(); requestAnimationFrame(() => r(performance.now() - s)); })'));
    }
    await context.close();
    // Lighthouse starts its own Chromium: this one is closed first, so the two do not share the CPU.
    await browser.close();
    const lighthouse = await lighthouseMobile(`${baseUrl}/#/`);

    const loadMs = median(app);
    const repeatMs = median(repeat);
    const repeatBaseMs = median(repeatBaseline);
    const baseMs = median(baseline);
    // The same loads in the page's own clock: navigation start → the awaited element painted.
    const loadPainted = medianPoint(coldTimelines, 'painted');
    const basePainted = medianPoint(baselineTimelines, 'painted');
    const repeatPainted = medianPoint(repeatTimelines, 'painted');
    const repeatBasePainted = medianPoint(repeatBaselineTimelines, 'painted');
    const switchMs = median(switches);
    const frameMs = median(frames);
    return [
      // Each load twice: as the page timed it, and as the bench saw it (the same load, plus
      // Playwright's navigation request and its polling for the element).
      { bench: 'cold load #/ → first cover painted, in the page (Element Timing; median of 5)', value: `${loadPainted} ms`, baseline: `${basePainted} ms static page's heading`, ratio: +(loadPainted / basePainted).toFixed(2), target: '≤ 600 ms' },
      { bench: 'cold load #/ → gallery visible, as the bench saw it (median of 5)', value: `${loadMs} ms`, baseline: `${baseMs} ms static page`, ratio: +(loadMs / baseMs).toFixed(2), target: '≤ 600 ms' },
      {
        bench: 'cold load #/: first / largest contentful paint, as Chromium timed them (median of 5)',
        value: `${Math.round(median(fcp))} / ${Math.round(median(lcp))} ms`,
        baseline: `${Math.round(median(baselineLcp))} ms static page's LCP`,
        ratio: +(median(lcp) / median(baselineLcp)).toFixed(2),
        target: 'the server-drawn 首页 paints before the app is ready',
      },
      { bench: 'JS for the first route, on the wire', value: `${(js.wire / 1024).toFixed(1)} KB`, baseline: `${(js.decoded / 1024).toFixed(1)} KB decoded`, ratio: +(js.wire / js.decoded).toFixed(2), target: '≤ 180 KB' },
      { bench: 'tab switch (median of 10)', value: `${switchMs.toFixed(1)} ms`, baseline: `${frameMs.toFixed(1)} ms one frame`, ratio: +(switchMs / frameMs).toFixed(2), target: '≤ 100 ms' },
      { bench: 'repeat visit #/ → first cover painted, in the page (median of 5)', value: `${repeatPainted} ms`, baseline: `${repeatBasePainted} ms static page again`, ratio: +(repeatPainted / repeatBasePainted).toFixed(2), target: '≤ 300 ms' },
      { bench: 'repeat visit #/ → gallery visible, same context, as the bench saw it (median of 5)', value: `${repeatMs} ms`, baseline: `${repeatBaseMs} ms static page again`, ratio: +(repeatMs / repeatBaseMs).toFixed(2), target: '≤ 300 ms' },
      // Where the loads' time went (no target: a guide to what to make faster).
      { bench: 'cold load #/, in the page: page received / first paint / shell started / first page rendered / first cover painted / seen by the bench', value: timelineCell(coldTimelines), baseline: '', ratio: '', target: '' },
      { bench: 'repeat visit #/, the same points', value: timelineCell(repeatTimelines), baseline: '', ratio: '', target: '' },
      ...lighthouseRows(lighthouse),
    ];
  } finally {
    await browser.close();
  }
}

const score = (run: LighthouseRun, category: keyof LighthouseRun['scores']) => run.scores[category]?.toFixed(2) ?? '—';

/** Lighthouse's rows: `#/` beside a one-heading HTML page run the same way (the floor its simulated phone and network allow). */
function lighthouseRows({ app, floor, installable }: Awaited<ReturnType<typeof lighthouseMobile>>): Record<string, string | number>[] {
  const scores = (run: LighthouseRun) => `${score(run, 'performance')} / ${score(run, 'accessibility')} / ${score(run, 'best-practices')}`;
  return [
    { bench: 'Lighthouse mobile #/: performance / accessibility / best practices', value: scores(app), baseline: `${scores(floor)} plain page`, ratio: +((app.scores.performance ?? 0) / (floor.scores.performance ?? 1)).toFixed(2), target: '≥ 0.95 each' },
    { bench: 'Lighthouse LCP (simulated slow 4G, 4× CPU)', value: `${(app.lcpMs / 1000).toFixed(2)} s`, baseline: `${(floor.lcpMs / 1000).toFixed(2)} s plain page`, ratio: +(app.lcpMs / floor.lcpMs).toFixed(2), target: '≤ 1.8 s' },
    { bench: 'installable (Chromium\'s installability check)', value: installable.errors.length ? `no: ${installable.errors.join('; ')}` : 'yes', baseline: installable.manifest ? `manifest ${installable.manifest}` : 'no manifest linked', ratio: installable.errors.length ? 0 : 1, target: 'yes' },
  ];
}
