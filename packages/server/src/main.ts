import { mkdir } from 'node:fs/promises';
import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { closeOnSignals } from './lib/close-on-signals.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  await mkdir(config.dataDir, { recursive: true });

  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`AI视频生成工具 is up at http://${host}:${port}/`);
  closeOnSignals(app);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
