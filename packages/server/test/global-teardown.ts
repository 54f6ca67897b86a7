import { rmSync } from 'node:fs';
import { postgresAvailable, testDatabasePrefix, withAdminClient } from './helpers/postgres';

/** Removes the run's folder (helpers/migrated) and drops its template and what test databases a crashed suite left behind. */
export default async function globalTeardown(): Promise<void> {
  if (process.env.TEST_RUN_DIR) rmSync(process.env.TEST_RUN_DIR, { recursive: true, force: true });
  if (!postgresAvailable()) return;
  await withAdminClient(async (c) => {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${testDatabasePrefix()}%'`);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
