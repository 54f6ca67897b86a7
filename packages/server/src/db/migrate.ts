import { sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

/** Any constant: every process that migrates takes this lock, so only one applies each change. */
const MIGRATION_LOCK = 7_302_514_001;

/** Applies the migrations this database has not seen, in order; returns their versions. */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await tx.execute(sql`SELECT version FROM schema_migrations`);
    const applied = new Set(rowsOf<{ version: string }>(done).map((r) => r.version));
    const fresh: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (version) VALUES (${migration.version})`);
      fresh.push(migration.version);
    }
    return fresh;
  });
}

/** node-postgres answers `{ rows }`, PGlite too; drizzle passes either through `execute`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
