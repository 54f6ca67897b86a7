import { firstPaintPainted } from './app/first-paint';
import { applyOverrides } from './federation/overrides';
import { fetchRegistry } from './federation/remote-entries';
import { registerServiceWorker } from './service-worker';

// Where the remotes live is on the first page's path: ask now, while the shared modules load.
const registry = fetchRegistry();
// This tab's dev overrides (?remote.account=…), where the server allows them.
const started = registry.then(({ entries, overrides }) => applyOverrides(entries, overrides));

// The async boundary: shared modules (React, @app/shared, …) are negotiated before any app code
// runs — once the server's picture of 首页, when the page shows one, is painted with its covers.
void firstPaintPainted()
  .then(() => import('./bootstrap'))
  .then(({ main }) => main(started, registry.then(({ entries }) => entries)));

// Offline starts and cached chunks for the next visit (after this page has loaded).
registerServiceWorker();
