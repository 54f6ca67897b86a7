import type { Browser } from 'playwright-core';
import { launch, phoneContext } from '../src/browser';

/**
 * The first page the bench opens in each remote: the one users reach first (首页, the 我的 tab,
 * the login page).
 */
const FIRST_PAGES = [
  { remote: 'create', route: '/', title: '首页' },
  { remote: 'account', route: '/pages/my/myIndex', title: '我的' },
  { remote: 'auth', route: '/pagesA/login/index', title: '登录' },
] as const;

interface Transfer {
  /** Bodies as the server sent them (compressed when it compresses), of the remote's files only. */
  remote: number;
  /** How many of the remote's files were fetched. */
  files: number;
  /** Bodies of every script and manifest the page fetched (the shell's, every remote's). */
  page: number;
  /** The remote's own copies of shared modules (their chunks in its mf-manifest.json) among its files. */
  copies: number;
}

/** The chunks of a remote's own copies of the shared modules, as its mf-manifest.json lists them (none with `import: false`). */
async function sharedCopies(folder: string): Promise<Set<string>> {
  const manifest = (await (await fetch(`${folder}mf-manifest.json`)).json()) as { shared?: { assets?: { js?: { sync?: string[]; async?: string[] } } }[] };
  return new Set((manifest.shared ?? []).flatMap((s) => [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])]).map((file) => `${folder}${file}`));
}

/** The folder each remote is served from, from /remotes.json (an entry's URL, or an object naming one). */
async function remoteFolders(baseUrl: string): Promise<Record<string, string>> {
  const answer = (await (await fetch(`${baseUrl}/remotes.json`)).json()) as Record<string, unknown>;
  const body = (answer.data ?? answer) as Record<string, unknown>;
  const folders: Record<string, string> = {};
  for (const { remote } of FIRST_PAGES) {
    const value = body[remote];
    const entry = typeof value === 'string' ? value : ((value as { url?: string; entry?: string } | undefined)?.entry ?? (value as { url?: string } | undefined)?.url);
    if (!entry) throw new Error(`/remotes.json has no URL for ${remote}: ${JSON.stringify(body)}`);
    folders[remote] = new URL(entry, baseUrl).href.replace(/[^/]*$/, '');
  }
  return folders;
}

/** Opens `route` in a fresh context (nothing cached, no service worker yet) and sums what came from `folder`. */
async function firstOpen(browser: Browser, baseUrl: string, route: string, folder: string): Promise<Transfer> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const sizes: Promise<{ url: string; wire: number }>[] = [];
  // Bytes as Chromium received them (its encoded body size), not a size computed here.
  page.on('requestfinished', (req) => {
    if (!/\.(?:js|json)$/.test(new URL(req.url()).pathname)) return;
    sizes.push(req.sizes().then((s) => ({ url: req.url(), wire: s.responseBodySize }), () => ({ url: req.url(), wire: 0 })));
  });
  await page.goto(`${baseUrl}/#${route}`);
  await page.waitForFunction(() => {
    const shown = document.querySelector('.app-page[aria-hidden="false"] .app-page-body');
    return !!shown && shown.childElementCount > 0 && !shown.querySelector('.app-page-loading');
  });
  // Whatever the page started fetching while it rendered (a lazily loaded chunk) is counted too.
  await page.waitForLoadState('networkidle');
  const done = await Promise.all(sizes);
  await context.close();
  const mine = done.filter((s) => s.url.startsWith(folder));
  const copies = await sharedCopies(folder);
  return {
    remote: mine.reduce((n, s) => n + s.wire, 0),
    files: mine.length,
    page: done.reduce((n, s) => n + s.wire, 0),
    copies: mine.filter((s) => copies.has(s.url.split(/[?#]/)[0]!)).length,
  };
}

/**
 * Each remote's first page: the bytes of that remote's files (entry, manifest, chunks) on the
 * wire when a fresh browser opens it, beside everything the page fetched (shell and remotes).
 * Bytes, not times: one run each is exact.
 */
export async function benchRemoteBytes(baseUrl: string, browser?: Browser): Promise<Record<string, string | number>[]> {
  const folders = await remoteFolders(baseUrl);
  const own = browser ?? (await launch());
  try {
    const rows: Record<string, string | number>[] = [];
    for (const { remote, route, title } of FIRST_PAGES) {
      const run = await firstOpen(own, baseUrl, route, folders[remote]!);
      rows.push({
        bench: `remote-${remote}: first page (${title}) bytes on the wire, ${run.files} files`,
        value: `${(run.remote / 1024).toFixed(1)} KB, ${run.copies} own copies of shared modules`,
        baseline: `${(run.page / 1024).toFixed(1)} KB the whole page's scripts and manifests`,
        ratio: +(run.remote / run.page).toFixed(2),
        target: '0 own copies',
      });
    }
    return rows;
  } finally {
    if (!browser) await own.close();
  }
}
