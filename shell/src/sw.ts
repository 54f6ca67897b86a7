/**
 * The shell's service worker (built to /sw.js by InjectManifest, webpack.config.base.ts).
 *
 * - The page itself (`/`, `/index.html`) goes to the network first: the server makes it for the
 *   remotes the registry names now (its Content Security Policy, the first route's preloads and
 *   data: packages/server/src/plugins/first-route.ts), so a copy kept from an earlier start would
 *   preload a build that is no longer in use and could refuse a remote's new origin. The copy last
 *   fetched — or, before there is one, the precached index.html — is the offline fallback only.
 *   Navigation preload is on: the browser asks the network for the page while this worker starts,
 *   instead of after (the worker's start-up is off a repeat visit's critical path). Every other
 *   navigation on this origin (用户协议, /docs, a download) takes that preloaded answer as it is.
 * - The shell — index.html, its entry and its hashed chunks, manifest and icons — is precached at
 *   install, so a repeat start needs no network for the frame.
 * - The remotes' content-hashed files (`/remotes/<name>/….<hash>.js`, on this origin or the
 *   remote's own) are cached as they are first used: a hashed name never changes content.
 * - Each remote's `remoteEntry.js` and `mf-manifest.json` and `/remotes.json` go to the network
 *   first (the cached copy only when it does not answer in 3 s, or offline), so a remote deployed
 *   on its own is picked up on the next start.
 * - Nothing else is touched: the API, stored files and videos (ranges), POSTs and other origins'
 *   requests go to the network as if there were no worker.
 *
 * A new deployment of the shell changes this file (the revisions below): it installs, takes over at
 * once, and the next start runs the new shell.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** A content hash in a remote's file name, as webpack writes it (`123.3f2a1b9c.js`, `assets/logo.3f2a1b9c.png`). */
export const REMOTE_HASHED_FILE = /\/remotes\/[a-z]+\/(?:.+\/)?[^/]+\.[0-9a-f]{8,}\.(?:js|css|png|jpe?g|webp|gif|svg|woff2?)$/;
/** What tells the shell where and what each remote is (in a build's folder or not): always asked of the network first. */
export const REMOTE_ENTRY = /\/remotes\/[a-z]+\/(?:.+\/)?(?:remoteEntry\.js|mf-manifest\.json)$/;
/** The page the app starts from. */
export const PAGE_PATHS = ['/', '/index.html'];

void self.skipWaiting();
clientsClaim();
enableNavigationPreload();

// Before the precache's own route, which would answer `/` with the precached index.html first.
const page = new NetworkFirst({ cacheName: 'pages', plugins: [new ExpirationPlugin({ maxEntries: 4, purgeOnQuotaError: true })] });
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && PAGE_PATHS.includes(url.pathname),
  async (options) => {
    try {
      return await page.handle(options);
    } catch (error) {
      // No network and no copy of its own yet: the page as the shell was built.
      const built = await matchPrecache('/index.html');
      if (built) return built;
      throw error;
    }
  },
);

// Other pages of this origin: the network, through the navigation's preloaded answer (a
// navigation no route took would be asked for a second time, its preload thrown away).
registerRoute(({ url, request }) => request.mode === 'navigate' && url.origin === self.location.origin && !PAGE_PATHS.includes(url.pathname), new NetworkOnly());

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ url, request }) => request.method === 'GET' && REMOTE_HASHED_FILE.test(url.pathname),
  new CacheFirst({
    cacheName: 'remote-chunks',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && (REMOTE_ENTRY.test(url.pathname) || (url.origin === self.location.origin && url.pathname === '/remotes.json')),
  new NetworkFirst({
    cacheName: 'remote-entries',
    networkTimeoutSeconds: 3,
    plugins: [new ExpirationPlugin({ maxEntries: 20, purgeOnQuotaError: true })],
  }),
);
