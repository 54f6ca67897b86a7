import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { makeTempDir } from './temp-dirs.js';

type Env = Record<string, string | undefined>;

// One in-memory PGlite per test file (creating one takes ~2 s), closed when the file is done.
let shared: Promise<Database> | undefined;
afterAll(async () => {
  const database = shared;
  shared = undefined;
  await (await database)?.close();
});

/**
 * The app as `main` builds it, from `env` on top of test defaults: silent logs and an empty
 * WEB_ROOT (so a front-end build lying in the repository does not change what tests see).
 * `logs` collects the log lines when LOG_LEVEL is set.
 */
export async function buildTestApp(env: Env = {}): Promise<{ app: FastifyInstance; logs: () => Record<string, unknown>[] }> {
  const lines: string[] = [];
  // SIGNUP_LIMIT 0: suites sign up far more than 20 users from one address (inject's 127.0.0.1).
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_TEMPLATES: '0', SIGNUP_LIMIT: '0', WEB_ROOT: makeTempDir(), DATA_DIR: makeTempDir(), ...env });
  shared ??= openDatabase({ pgliteDir: 'memory://' });
  const app = await buildApp(config, { logStream: { write: (line) => lines.push(line) }, database: await shared });
  const logs = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, logs };
}
