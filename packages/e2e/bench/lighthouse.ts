// Lighthouse (12.8.2: 13 needs Node 22) on Debian's Chromium, its default mobile run: a phone
// screen, simulated slow 4G and a 4× slower CPU. Its reports are kept in packages/e2e/artifacts.
// Run as its own CLI under plain Node: loaded through tsx, the functions it sends into the page
// carry helpers the page does not have.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { launch as launchChrome } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { ARTIFACTS, CHROMIUM, CHROMIUM_FLAGS } from '../src/browser';

/** The flags the tests' Chromium runs with (src/browser.ts), for chrome-launcher. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export interface LighthouseRun {
  scores: Partial<Record<(typeof CATEGORIES)[number], number>>;
  lcpMs: number;
}

/** The longest chain of requests the first paint waited on, as Lighthouse saw it. */
interface ChainNode {
  request: { url: string; endTime: number; transferSize: number };
  children?: Record<string, ChainNode>;
}

function longestChain(chains: Record<string, ChainNode>): ChainNode['request'][] {
  let best: ChainNode['request'][] = [];
  const walk = (node: ChainNode, trail: ChainNode['request'][]) => {
    const here = [...trail, node.request];
    const children = Object.values(node.children ?? {});
    if (children.length === 0 && (best.length === 0 || node.request.endTime > best[best.length - 1]!.endTime)) best = here;
    for (const child of children) walk(child, here);
  };
  for (const root of Object.values(chains)) walk(root, []);
  return best;
}

/** lighthouse/cli/index.js, beside the package's main module (core/index.js). */
const LIGHTHOUSE_CLI = path.join(path.dirname(require.resolve('lighthouse')), '..', 'cli', 'index.js');

interface Lhr {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number; details?: unknown } | undefined>;
}

async function runLighthouse(url: string, port: number, name: string): Promise<LighthouseRun> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const outputPath = path.join(ARTIFACTS, `lighthouse-${name}`);
  await promisify(execFile)(
    process.execPath,
    [LIGHTHOUSE_CLI, url, `--port=${port}`, '--output=json', '--output=html', `--output-path=${outputPath}`, `--only-categories=${CATEGORIES.join(',')}`, '--quiet'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const lhr = JSON.parse(readFileSync(`${outputPath}.report.json`, 'utf8')) as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const scores: LighthouseRun['scores'] = {};
  for (const category of CATEGORIES) scores[category] = lhr.categories[category]?.score ?? undefined;
  const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
  const chains = (lhr.audits['critical-request-chains']?.details as { chains?: Record<string, ChainNode> } | undefined)?.chains;
  if (chains && name === 'home') {
    const chain = longestChain(chains);
    const start = chain[0]?.endTime ?? 0;
    console.log(`Lighthouse ${url}: longest critical request chain (${chain.length} requests)`);
    for (const request of chain) {
      console.log(`  +${Math.round((request.endTime - start) * 1000)} ms  ${(request.transferSize / 1024).toFixed(1)} KB  ${request.url}`);
    }
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit !== undefined)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    if (failing.length) console.log(`  audits below 0.9: ${failing.join(', ')}`);
  }
  return { scores, lcpMs };
}

/** A page with one heading and nothing else, the floor any page gets under Lighthouse's simulated phone and network. */
const PLAIN_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>基线页</title></head><body><h1>AI视频生成工具</h1></body></html>`;

/**
 * Whether Chromium would offer to install the page (Lighthouse 12 has no installability audit:
 * this asks Chromium itself, as Lighthouse up to 11 did), in the launched browser's own profile.
 */
async function installability(url: string, port: number): Promise<{ errors: string[]; manifest: string }> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const cdp = await context.newCDPSession(page);
    // The manifest is fetched after load; Chromium answers once it has it (or knows there is none).
    const { url: manifest } = (await cdp.send('Page.getAppManifest')) as { url: string };
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
    };
    await page.close();
    return {
      manifest,
      errors: installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' ')),
    };
  } finally {
    // Only the CDP connection: the browser is chrome-launcher's.
    await browser.close();
  }
}

/** Lighthouse mobile on `url` and on a plain page (its baseline), and Chromium's installability check of `url`. */
export async function lighthouseMobile(url: string): Promise<{ app: LighthouseRun; floor: LighthouseRun; installable: { errors: string[]; manifest: string } }> {
  const plain = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PLAIN_PAGE));
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  const chrome = await launchChrome({ chromePath: process.env.CHROME_PATH ?? CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const floor = await runLighthouse(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/`, chrome.port, 'plain');
    const app = await runLighthouse(url, chrome.port, 'home');
    const installable = await installability(url, chrome.port);
    return { app, floor, installable };
  } finally {
    chrome.kill();
    plain.close();
  }
}
