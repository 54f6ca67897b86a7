import { readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase, type Database, type Db } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { databaseUrlOf, migratedTemplateName, withAdminClient } from './postgres.js';

/**
 * Migrated databases, made once per run by the global setup, so that a suite does not start an
 * empty PGlite cluster (its initdb: ~2 s on an idle machine, 5–15 s when both cores are busy) and
 * migrate it, nor migrate a fresh PostgreSQL database: PGlite gets a dump of a migrated cluster
 * (TEST_PGLITE_DUMP), PostgreSQL a migrated database to copy (`CREATE DATABASE … TEMPLATE`).
 * The migrations themselves run from empty in test/db/migrate.test.ts (`fresh`) and here.
 */

/**
 * Writes the PGlite dump to `dumpFile` and, when `postgres`, makes the PostgreSQL template. Run by
 * the global setup in a process of its own (test/make-migrated.ts: the source's imports need tsx).
 */
export async function makeMigratedTemplates(dumpFile: string, postgres: boolean): Promise<void> {
  const make = async () => {
    const client = await PGlite.create('memory://');
    try {
      await migrate(drizzle(client) as unknown as Db);
      // Uncompressed: it loads in about half the time of a gzipped one.
      const dumped = await client.dumpDataDir('none');
      writeFileSync(dumpFile, Buffer.from(await dumped.arrayBuffer()));
    } finally {
      await client.close();
    }
  };
  const makePostgres = async () => {
    const name = migratedTemplateName();
    await withAdminClient((c) => c.query(`CREATE DATABASE "${name}"`));
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const database = await openDatabase({ databaseUrl: databaseUrlOf(name), poolSize: 1 });
    try {
      await migrate(database.db);
    } finally {
      await database.close();
    }
  };
  await Promise.all([make(), ...(postgres ? [makePostgres()] : [])]);
}

let dump: Blob | undefined;

/** A PGlite in memory, migrated: opened from the run's dump (about a quarter of a fresh start's time). */
export function openMigratedPglite(): Promise<Database> {
  if (!dump) {
    const file = process.env.TEST_PGLITE_DUMP;
    if (!file) throw new Error('TEST_PGLITE_DUMP is not set: the server project\'s global setup (test/global-setup.ts) makes it');
    dump = new Blob([readFileSync(file)]);
  }
  return openDatabase({ pgliteDir: 'memory://', pgliteFrom: dump });
}
