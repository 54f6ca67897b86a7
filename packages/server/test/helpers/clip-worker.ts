// `npm run worker` as it runs in production (the configured hosted models, the real engine), with
// a short lease and quick polls, for the tests that kill worker processes mid-poll. Prints
// WORKER_READY once it takes work.
import { loadConfig } from '../../src/config.js';
import { closeOnSignals } from '../../src/lib/close-on-signals.js';
import { buildWorkerApp } from '../../src/workers/worker-app.js';

async function main(): Promise<void> {
  const app = await buildWorkerApp(loadConfig(), {
    settings: { leaseMs: Number(process.env.TEST_LEASE_MS ?? 30_000), pollMs: 100, clipTiming: { pollMs: 50, backoffMs: 50 } },
  });
  await app.ready();
  process.stdout.write('WORKER_READY\n');
  closeOnSignals(app);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
