import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database, type Db } from '../../src/db/database.js';
import { createTestDatabase, postgresAvailable } from './postgres.js';
import { makeTempDir } from './temp-dirs.js';

export type Engine = 'pglite' | 'postgres';

export interface EngineContext {
  engine: Engine;
  app(): FastifyInstance;
  db(): Db;
  database(): Database;
  /** The PostgreSQL database's URL (e.g. for a second app on it, as another process); undefined on PGlite. */
  databaseUrl(): string | undefined;
  /** POST a JSON body to `url` (the app's own calls are all POST) and parse the answer. */
  post<T = any>(url: string, body?: Record<string, unknown>, headers?: Record<string, string>): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
}

type Env = Record<string, string | undefined>;

/** A PGlite takes ~2 s to start on an idle machine, far longer when both cores are busy. */
const SETUP_TIMEOUT_MS = 60_000;

/**
 * Runs `suite` once on PGlite and once on a fresh PostgreSQL database (when one answers), each
 * with its own migrated database and app for the whole describe block.
 */
export function describeEngines(title: string, suite: (ctx: EngineContext) => void, env: Env = {}): void {
  const engines: Engine[] = postgresAvailable() ? ['pglite', 'postgres'] : ['pglite'];
  describe.each(engines)(`${title} [%s]`, (engine) => {
    let app: FastifyInstance;
    let database: Database;
    let drop: (() => Promise<void>) | undefined;
    let databaseUrl: string | undefined;

    beforeAll(async () => {
      if (engine === 'postgres') {
        const created = await createTestDatabase();
        drop = created.drop;
        databaseUrl = created.url;
        database = await openDatabase({ databaseUrl: created.url, poolSize: 20 });
      } else {
        database = await openDatabase({ pgliteDir: 'memory://' });
      }
      // SIGNUP_LIMIT 0: suites sign up far more than 20 users from one address (inject's 127.0.0.1).
      const config = loadConfig({ LOG_LEVEL: 'silent', SEED_TEMPLATES: '0', SIGNUP_LIMIT: '0', WEB_ROOT: makeTempDir(), DATA_DIR: makeTempDir(), ...env });
      app = await buildApp(config, { database });
      await app.ready();
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await drop?.();
    }, SETUP_TIMEOUT_MS);

    suite({
      engine,
      app: () => app,
      db: () => database.db,
      database: () => database,
      databaseUrl: () => databaseUrl,
      post: async (url, body = {}, headers = {}) => {
        const res = await app.inject({ method: 'POST', url, payload: body, headers });
        return { status: res.statusCode, body: res.json(), headers: res.headers };
      },
    });
  });
}

let phoneCounter = 0;
/** A mainland mobile number no other test in this process uses. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}
