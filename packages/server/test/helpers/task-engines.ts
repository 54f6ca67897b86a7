import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import type { VideoProvider } from '../../src/modules/tasks/video-provider.js';
import type { Engine, EngineContext } from './engines.js';
import { createTestDatabase, postgresAvailable } from './postgres.js';
import { makeTempDir } from './temp-dirs.js';

/** EngineContext's databaseUrl() is the test database's URL on PostgreSQL (other processes may join it). */
export type TaskEngineContext = EngineContext;

type Env = Record<string, string | undefined>;

const SETUP_TIMEOUT_MS = 60_000;

/**
 * describeEngines for the video-task suites. On PostgreSQL the app opens the test database from
 * DATABASE_URL itself, as in production, so its task signals go through LISTEN/NOTIFY. WORKERS
 * defaults to 0 here: a suite starts the workers it wants, with a test provider (or sets WORKERS
 * and passes `provider` for the app's own).
 */
export function describeTaskEngines(title: string, suite: (ctx: TaskEngineContext) => void, env: Env = {}, provider?: VideoProvider): void {
  const engines: Engine[] = postgresAvailable() ? ['pglite', 'postgres'] : ['pglite'];
  describe.each(engines)(`${title} [%s]`, (engine) => {
    let app: FastifyInstance;
    let pglite: Database | undefined;
    let databaseUrl: string | undefined;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      if (engine === 'postgres') {
        const created = await createTestDatabase();
        drop = created.drop;
        databaseUrl = created.url;
      } else {
        pglite = await openDatabase({ pgliteDir: 'memory://' });
      }
      // SIGNUP_LIMIT 0: suites sign up far more than 20 users from one address (inject's 127.0.0.1).
      const config = loadConfig({ LOG_LEVEL: 'silent', SEED_TEMPLATES: '0', SIGNUP_LIMIT: '0', WEB_ROOT: makeTempDir(), DATA_DIR: makeTempDir(), WORKERS: '0', DATABASE_URL: databaseUrl, ...env });
      app = await buildApp(config, { database: pglite, provider });
      await app.ready();
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await app?.close();
      await pglite?.close();
      await drop?.();
    }, SETUP_TIMEOUT_MS);

    suite({
      engine,
      app: () => app,
      db: () => app.db,
      database: () => app.database,
      databaseUrl: () => databaseUrl,
      post: async (url, body = {}, headers = {}) => {
        const res = await app.inject({ method: 'POST', url, payload: body, headers });
        return { status: res.statusCode, body: res.json(), headers: res.headers };
      },
    });
  });
}
