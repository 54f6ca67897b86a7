import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
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
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection that breaks (server restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const database: Database = {
      db,
      engine: 'postgres',
      ping: async () => void (await pool.query('SELECT 1')),
      close: () => pool.end(),
    };
    await database.ping();
    return database;
  }

  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    ping: async () => void (await db.execute(sql`SELECT 1`)),
    close: () => client.close(),
  };
}
