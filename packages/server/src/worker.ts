import { mkdir } from 'node:fs/promises';
import { loadConfigOrExit } from './config.js';
import { closeOnSignals } from './lib/close-on-signals.js';
import { buildWorkerApp } from './workers/worker-app.js';

/**
 * `npm run worker`: WORKERS video workers and no HTTP, against the DATABASE_URL and S3_* store the
 * API processes use — more machines rendering from one queue. SIGTERM stops claiming and hands
 * the tasks being rendered back to the queue.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.workers < 1) {
    console.error('WORKERS=0 means no workers: a worker process needs WORKERS of 1 or more');
    process.exit(1);
  }
  // The embedded PGlite is the API process's alone (one process may open its files): its workers run in that process.
  if (!config.databaseUrl) {
    console.error('A worker process needs DATABASE_URL (the PostgreSQL the API uses); with the embedded database, set WORKERS for npm start instead');
    process.exit(1);
  }
  await mkdir(config.dataDir, { recursive: true });

  const app = await buildWorkerApp(config);
  await app.ready();
  closeOnSignals(app);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
