import { fetchRemoteEntries } from './federation/remote-entries';
import { registerServiceWorker } from './service-worker';

// Where the remotes live is on the first page's path: ask now, while the shared modules load.
const entries = fetchRemoteEntries();

// The async boundary: shared modules (React, @app/shared, …) are negotiated before any app code runs.
void import('./bootstrap').then(({ main }) => main(entries));

// Offline starts and cached chunks for the next visit (after this page has loaded).
registerServiceWorker();
