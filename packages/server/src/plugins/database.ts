import path from 'node:path';
import { openDatabase, type Database, type Db } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { appPlugin } from '../lib/app-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over PGlite or PostgreSQL: the one query interface of every module. */
    db: Db;
    database: Database;
  }
}

export interface DatabaseOptions {
  /** An open database (tests share one per file); the app then leaves closing it to the caller. */
  database?: Database;
}

/**
 * Opens the database the configuration names (PostgreSQL with DATABASE_URL, else PGlite in
 * DATA_DIR/pgdata), applies pending migrations, and joins /healthz.
 */
export const databasePlugin = appPlugin<DatabaseOptions & Record<string, unknown>>('database', async (app, options) => {
  const given = options.database;
  const database =
    given ?? (await openDatabase({ databaseUrl: app.config.databaseUrl, pgliteDir: path.join(app.config.dataDir, 'pgdata') }));
  const applied = await migrate(database.db);
  if (applied.length > 0) app.log.info({ applied, engine: database.engine }, 'database migrated');

  app.decorate('database', database);
  app.decorate('db', database.db);
  app.healthChecks.push(() => database.ping());
  if (!given) app.addHook('onClose', () => database.close());
});
