import { existsSync } from 'node:fs';
import path from 'node:path';
import { makeMigratedPgdata } from './pgdata';
import { ROOT, startServer } from './server';

/** One real server for the whole run; its URL reaches the tests through the environment. */
export default async function globalSetup(): Promise<void> {
  for (const built of ['packages/contract/dist/index.js', 'packages/server/dist/main.js', 'shell/dist/index.html', 'remote-create/dist/current.json', 'remote-account/dist/current.json', 'remote-auth/dist/current.json']) {
    if (!existsSync(path.join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` (npm run test:e2e does)`);
  }
  // Every server of the run (this one, and a file's own) starts from a copy of it.
  await makeMigratedPgdata();
  // SIGNUP_LIMIT 0: every test signs up its own users, all from 127.0.0.1 (the limit itself is a server test).
  const server = await startServer({ SIGNUP_LIMIT: '0' });
  process.env.E2E_BASE_URL = server.url;
  // The admin command line finds the server's admin token in its data directory.
  process.env.E2E_DATA_DIR = server.dataDir;
  (globalThis as { __E2E_SERVER__?: unknown }).__E2E_SERVER__ = server;
}
