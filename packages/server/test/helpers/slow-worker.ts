// `npm run worker` with a slow test provider, for the tests that kill worker processes: it prints
// RENDER_START <id> and RENDER_END <id> <outcome> so the test knows where the render is.
import { loadConfig } from '../../src/config.js';
import { closeOnSignals } from '../../src/lib/close-on-signals.js';
import { buildWorkerApp } from '../../src/workers/worker-app.js';
import { TestProvider } from './test-provider.js';

async function main(): Promise<void> {
  const provider = new TestProvider({ steps: Number(process.env.TEST_STEPS ?? 20), stepMs: Number(process.env.TEST_STEP_MS ?? 100) });
  provider.on('start', (call) => process.stdout.write(`RENDER_START ${call.task.id}\n`));
  provider.on('end', (call) => process.stdout.write(`RENDER_END ${call.task.id} ${call.outcome}\n`));
  const app = await buildWorkerApp(loadConfig(), { provider, settings: { leaseMs: Number(process.env.TEST_LEASE_MS ?? 30_000), pollMs: Number(process.env.TEST_POLL_MS ?? 200) } });
  await app.ready();
  process.stdout.write('WORKER_READY\n');
  closeOnSignals(app);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
