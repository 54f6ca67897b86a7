import { postgresAvailable, testDatabasePrefix, withAdminClient } from './helpers/postgres';

/** Drops what this run's test databases a crashed suite left behind. */
export default async function globalTeardown(): Promise<void> {
  if (!postgresAvailable()) return;
  await withAdminClient(async (c) => {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${testDatabasePrefix()}%'`);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
