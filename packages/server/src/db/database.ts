import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool, type PoolClient } from 'pg';
import * as schema from './schema.js';

/** The one query interface: the same drizzle code runs on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (what `db.transaction` passes); queries take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** `postgres://…`: a PostgreSQL server. Unset: embedded PGlite. */
  databaseUrl?: string;
  /** PGlite's data directory; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** Connections to a PostgreSQL server. */
  poolSize?: number;
  /**
   * PGlite: a dump of a data directory (PGlite's `dumpDataDir`) to start from instead of an empty
   * cluster (tests open each suite's database from one migrated once per run).
   */
  pgliteFrom?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);

  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create({ dataDir: dir, ...(options.pgliteFrom && { loadDataDir: options.pgliteFrom }) });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    ping: async () => void (await db.execute(sql`SELECT 1`)),
    close: () => client.close(),
  };
}

/**
 * A pool of connections to a PostgreSQL server that survives losing them (a server restart, a
 * failover, `pg_terminate_backend`): the query or transaction that was using a connection fails
 * (the request answers the generic server error), the connection leaves the pool, and the next
 * query gets a fresh one.
 */
async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize });
  // pg emits a broken connection as an 'error' event on its client, and an event with no listener
  // ends the process. The pool listens only while a client sits idle (and re-emits it here);
  // a checked-out client (a transaction between its statements) has no listener of its own, so
  // each client gets one for life. The query that was using it rejects with the error anyway.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));

  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // drizzle's node-postgres transaction checks a client out and sends BEGIN before its
  // try/finally: a connection found dead at BEGIN is never released, and the pool, counting it
  // as busy for good, shrinks by one until it hands out nothing. Here the client is released
  // whatever happens (the pool drops it when it is broken), and the transaction runs on a
  // drizzle instance over that one client, made once per connection.
  const onClient = new WeakMap<PoolClient, Db>();
  const transaction: Db['transaction'] = async (run, config) => {
    const client = await pool.connect();
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) onClient.set(client, (clientDb = drizzlePg(client, { schema }) as unknown as Db));
      return await clientDb.transaction(run, config);
    } finally {
      client.release();
    }
  };
  db.transaction = transaction;

  const database: Database = {
    db,
    engine: 'postgres',
    ping: async () => void (await pool.query('SELECT 1')),
    close: () => pool.end(),
  };
  await database.ping();
  return database;
}
