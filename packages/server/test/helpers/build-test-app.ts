import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { testConfig } from './engines.js';
import { openMigratedPglite } from './migrated.js';

type Env = Record<string, string | undefined>;

// One in-memory PGlite per test file (opened from the run's migrated dump: helpers/migrated), closed when the file is done.
let shared: Promise<Database> | undefined;
afterAll(async () => {
  const database = shared;
  shared = undefined;
  await (await database)?.close();
});

/**
 * The app as `main` builds it, from `testConfig(env)` (the test defaults of helpers/engines), on
 * one PGlite per test file. `logs` collects the log lines when LOG_LEVEL is set.
 */
export async function buildTestApp(env: Env = {}): Promise<{ app: FastifyInstance; logs: () => Record<string, unknown>[] }> {
  const lines: string[] = [];
  const config = testConfig(env);
  shared ??= openMigratedPglite();
  const app = await buildApp(config, { logStream: { write: (line) => lines.push(line) }, database: await shared });
  const logs = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, logs };
}
