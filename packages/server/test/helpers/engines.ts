import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type ServerConfig } from '../../src/config.js';
import { openDatabase, type Database, type Db } from '../../src/db/database.js';
import type { VideoProvider } from '../../src/modules/tasks/video-provider.js';
import type { AccountJobsOptions } from '../../src/plugins/account-jobs.js';
import { openMigratedPglite } from './migrated.js';
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

/** A PGlite takes ~0.5 s to open from the run's dump on an idle machine, far longer when both cores are busy. */
const SETUP_TIMEOUT_MS = 60_000;

/**
 * The configuration every test app starts from — the one set of test defaults: silent logs, no
 * seeded templates, no sign-up limit (suites sign up far more than 20 users from inject's
 * 127.0.0.1), empty temporary DATA_DIR and WEB_ROOT (a front-end build lying in the repository
 * does not change what tests see) — with `env` on top.
 */
export function testConfig(env: Env = {}): ServerConfig {
  return loadConfig({ LOG_LEVEL: 'silent', SEED_TEMPLATES: '0', SIGNUP_LIMIT: '0', WEB_ROOT: makeTempDir(), DATA_DIR: makeTempDir(), ...env });
}

export interface EngineOptions {
  /**
   * On PostgreSQL, the app opens the test database from DATABASE_URL itself, as in production
   * (its own pool; its task signals go through LISTEN/NOTIFY), instead of being handed one.
   */
  ownConnection?: boolean;
  /** The renderer of the app's own workers (with WORKERS set). */
  provider?: VideoProvider;
  /** Variables under `env` (a suite may fill `env` in its own beforeAll, so both are read at start). */
  defaults?: Env;
  /** The background jobs of 注销账号 and 导出我的数据 (e.g. off, for a suite that drives them with its own clock). */
  accountJobs?: AccountJobsOptions;
  /**
   * An empty database that the app migrates as it starts (the migrations' own suite), instead of
   * a copy of the run's migrated one (helpers/migrated).
   */
  fresh?: boolean;
}

/**
 * Runs `suite` once on PGlite and once on a PostgreSQL database of its own (when one answers), each
 * with its own migrated database (a copy of the run's: helpers/migrated) and app (`testConfig(env)`,
 * read when the block starts) for the whole describe block.
 */
export function describeEngines(title: string, suite: (ctx: EngineContext) => void, env: Env = {}, options: EngineOptions = {}): void {
  const engines: Engine[] = postgresAvailable() ? ['pglite', 'postgres'] : ['pglite'];
  describe.each(engines)(`${title} [%s]`, (engine) => {
    let app: FastifyInstance;
    let given: Database | undefined;
    let databaseUrl: string | undefined;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      if (engine === 'postgres') {
        const created = await createTestDatabase({ migrated: !options.fresh });
        drop = created.drop;
        databaseUrl = created.url;
        if (!options.ownConnection) given = await openDatabase({ databaseUrl, poolSize: 20 });
      } else {
        given = await (options.fresh ? openDatabase({ pgliteDir: 'memory://' }) : openMigratedPglite());
      }
      const config = testConfig({ ...options.defaults, ...(options.ownConnection && { DATABASE_URL: databaseUrl }), ...env });
      app = await buildApp(config, { database: given, provider: options.provider, accountJobs: options.accountJobs });
      await app.ready();
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await app?.close();
      await given?.close();
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

let phoneCounter = 0;
/** A mainland mobile number no other test in this process uses. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}
