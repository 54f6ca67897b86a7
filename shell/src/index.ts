import { START_MARK, markTiming } from './app/first-paint';
import { applyOverrides } from './federation/overrides';
import { fetchRegistry } from './federation/remote-entries';
import { registerServiceWorker } from './service-worker';

markTiming(START_MARK);

// Where the remotes live is on the first page's path: ask now, while the shared modules load.
const registry = fetchRegistry();
// This tab's dev overrides (?remote.account=…), where the server allows them.
const started = registry.then(({ entries, overrides }) => applyOverrides(entries, overrides));

// The async boundary: shared modules (React, @app/shared, …) are negotiated before any app code
// runs. (When the page carries the server's picture of 首页, this script itself runs only once the
// picture is painted with its covers: packages/server/src/plugins/first-paint.ts.)
void import('./bootstrap').then(({ main }) => main(started, registry.then(({ entries }) => entries)));

// Offline starts and cached chunks for the next visit (after this page has loaded).
registerServiceWorker();
