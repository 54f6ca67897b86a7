import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, phoneContext } from '../src/browser';
import { relabelledAccountBuild } from '../src/builds';
import { startServer, type RunningServer } from '../src/server';
import { serveFolder } from '../src/static-host';
import { withPostgresDatabase } from './api';

const ADMIN_TOKEN = 'admin-token-of-the-remote-switch-bench';
const NEW_LABEL = '应用版本·新构建';
const ABOUT = '/#/pages/about/about';

/** Every request of a tab that failed or answered an error. */
function failuresOf(page: Page, failures: string[]): void {
  page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.url()} HTTP ${response.status()}`);
  });
}

/** A fresh tab (nothing cached) on 关于: which build it shows, and how long it took to show it. */
async function freshTab(browser: Browser, url: string, failures: string[]): Promise<{ fresh: boolean; ms: number }> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  failuresOf(page, failures);
  const started = performance.now();
  try {
    await page.goto(`${url}${ABOUT}`);
    const label = page.locator('.app-page[aria-hidden="false"] .adm-list-item-content-main').first();
    await label.waitFor();
    return { fresh: (await label.innerText()).includes(NEW_LABEL), ms: performance.now() - started };
  } finally {
    await context.close();
  }
}

/**
 * `remotes set` → a fresh tab on the new version: the time from the admin call (made to one API
 * process: its gate fetches the manifest, the database records the change) until another API
 * process names the new build in /remotes.json (PostgreSQL: LISTEN/NOTIFY; PGlite, one process:
 * its own memory) and a fresh tab opened on it then has shown the new build; beside it, a fresh
 * tab's load of the build before (the baseline). Throughout, /remotes.json is asked of both
 * processes every 50 ms and a tab left open moves between two pages every 250 ms: every request
 * of all of them must succeed.
 */
async function measure(first: RunningServer, second: RunningServer, browser: Browser, hostOrigin: string): Promise<{ ms: number; setMs: number; seenMs: number; baseline: number; failed: string[] }> {
  const failed: string[] = [];
  const open = await phoneContext(browser);
  const openTab = await open.newPage();
  failuresOf(openTab, failed);
  await openTab.goto(`${second.url}/#/pages/my/myIndex`);

  let polling = true;
  const poll = (async () => {
    while (polling) {
      for (const server of [first, second]) {
        try {
          const res = await fetch(`${server.url}/remotes.json?device=bench-device-0001`);
          if (res.status !== 200) failed.push(`${server.url}/remotes.json HTTP ${res.status}`);
        } catch (error) {
          failed.push(`${server.url}/remotes.json ${(error as Error).message}`);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const moving = (async () => {
    while (polling) {
      for (const hash of ['#/pages/about/about', '#/pages/my/myIndex']) await openTab.evaluate((to) => (location.hash = to), hash);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  try {
    // The baseline: a fresh tab alone, with the same traffic going on.
    const baseline = (await freshTab(browser, second.url, failed)).ms;
    const started = performance.now();
    const res = await fetch(`${first.url}/admin/api/remotes/account/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ url: `${hostOrigin}/mf-manifest.json` }),
    });
    const answer = (await res.json()) as { rspCode?: number; rspMsg?: string };
    if (answer.rspCode !== 0) throw new Error(`remotes set failed: ${JSON.stringify(answer)}`);
    const setMs = performance.now() - started;
    // The other process names the new build (what a tab opened from now on registers)…
    for (;;) {
      const entries = (await (await fetch(`${second.url}/remotes.json`)).json()) as { account?: string };
      if (entries.account?.startsWith(hostOrigin)) break;
      if (performance.now() - started > 30_000) throw new Error('the other API process did not name the new build within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seenMs = performance.now() - started;
    // …and a tab opened then shows it.
    if (!(await freshTab(browser, second.url, failed)).fresh) throw new Error('a fresh tab opened after the change showed the old build');
    return { ms: performance.now() - started, setMs, seenMs, baseline, failed };
  } finally {
    polling = false;
    await Promise.all([poll, moving]);
    await open.close();
  }
}

/** Two API processes on one PostgreSQL database, else one on PGlite. */
async function withServers<T>(run: (first: RunningServer, second: RunningServer, engine: string) => Promise<T>): Promise<T> {
  const env = { ADMIN_TOKEN, SEED_TEMPLATES: '0', WORKERS: '0' };
  const onPostgres = await withPostgresDatabase(async (url) => {
    const first = await startServer({ ...env, DATABASE_URL: url });
    try {
      const second = await startServer({ ...env, DATABASE_URL: url });
      try {
        return await run(first, second, 'PostgreSQL, set on one API process, the tab on another');
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  });
  if (onPostgres !== undefined) return onPostgres;
  const only = await startServer(env);
  try {
    return await run(only, only, 'PGlite, one API process');
  } finally {
    await only.stop();
  }
}

/** The `remotes set → fresh tab on the new version` row (target ≤ 2 s, no failed request meanwhile). */
export async function benchRemoteSwitch(browser?: Browser): Promise<Record<string, string | number>[]> {
  const dir = relabelledAccountBuild(NEW_LABEL, '1.0.1');
  const host = await serveFolder(dir);
  const own = browser ?? (await launch());
  try {
    return await withServers(async (first, second, engine) => {
      const run = await measure(first, second, own, host.origin);
      return [
        {
          bench: `remotes set → fresh tab on the new version (${engine})`,
          value: `${(run.ms / 1000).toFixed(2)} s (set answered ${(run.setMs / 1000).toFixed(2)} s, other process ${(run.seenMs / 1000).toFixed(2)} s), ${run.failed.length} failed requests`,
          baseline: `${(run.baseline / 1000).toFixed(2)} s a fresh tab alone`,
          ratio: +(run.ms / run.baseline).toFixed(2),
          target: '≤ 2 s, 0 failed',
          ...(run.failed.length ? { failed: run.failed.slice(0, 3).join('; ') } : {}),
        },
      ];
    });
  } finally {
    if (!browser) await own.close();
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
