import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = path.resolve(__dirname, '../artifacts');

/** The flags this machine's Chromium needs (no outside network), beside the headless one. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, with the flags this machine needs. */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', ...CHROMIUM_FLAGS] });
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through packages/e2e/jest.config.js');
  return url;
}

/** A phone-sized context (375 design width), Chinese browser unless told otherwise. */
export function phoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, locale: 'zh-CN', hasTouch: true, ...options });
}

/** Opens `#<route>` and waits until that page is on top and its module has rendered. */
export async function openRoute(page: Page, hashPath: string): Promise<void> {
  await page.goto(`${baseUrl()}/#${hashPath}`);
  await page.waitForFunction(() => (window as { uni?: unknown }).uni !== undefined);
  await waitForPage(page);
}

/** Waits for the shown page to finish loading (content, or the retry element). */
export async function waitForPage(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const shown = document.querySelector('.app-page[aria-hidden="false"] .app-page-body');
    return !!shown && shown.childElementCount > 0 && !shown.querySelector('.app-page-loading');
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** The route of the page on top, as the shell shows it. */
export function shownRoute(page: Page): Promise<string | null> {
  return page.locator('.app-page[aria-hidden="false"]').getAttribute('data-route');
}

/** One browser per test file, and a fresh phone context and page per test. */
export function useBrowserPage(options: BrowserContextOptions = {}): { page: () => Page; context: () => BrowserContext; browser: () => Browser } {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await phoneContext(browser, options);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });
  return { page: () => page, context: () => context, browser: () => browser };
}
