// The whole server (API and WORKERS workers, as `npm run serve`) with the test provider, listening
// on 127.0.0.1:PORT (0: any free port), for the tests that drive a real server process. Prints
// LISTENING <url> once it answers, and RENDER_START <id> / RENDER_END <id> <outcome> per render.
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { closeOnSignals } from '../../src/lib/close-on-signals.js';
import { TestProvider } from './test-provider.js';

async function main(): Promise<void> {
  const provider = new TestProvider({ steps: Number(process.env.TEST_STEPS ?? 4), stepMs: Number(process.env.TEST_STEP_MS ?? 10) });
  provider.on('start', (call) => process.stdout.write(`RENDER_START ${call.task.id}\n`));
  provider.on('end', (call) => process.stdout.write(`RENDER_END ${call.task.id} ${call.outcome}\n`));
  const app = await buildApp(loadConfig(), { provider });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`LISTENING http://127.0.0.1:${port}/\n`);
  closeOnSignals(app);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
