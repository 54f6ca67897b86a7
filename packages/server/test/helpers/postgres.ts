import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * The PostgreSQL server the suites run against: TEST_DATABASE_URL, else this machine's local
 * cluster. Each use gets a database of its own, dropped afterwards.
 */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Set by the global setup when the server answered; unset means the PostgreSQL runs are skipped. */
export const postgresAvailable = (): boolean => process.env.TEST_POSTGRES_AVAILABLE === '1';

/** Databases of this run are named `app_test_<run>_…` (the run id comes from the global setup). */
export const testDatabasePrefix = (): string => `app_test_${process.env.TEST_RUN_ID ?? 'norun'}_`;

export async function withAdminClient<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the test server. */
export function databaseUrlOf(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The run's migrated database, made by the global setup (helpers/migrated), that `migrated` databases copy. */
export const migratedTemplateName = (): string => `${testDatabasePrefix()}migrated`;

/**
 * A database of its own on the test server, `drop` removes it: empty, or with `migrated` a copy of
 * the run's migrated one (every migration applied, nothing else).
 */
export async function createTestDatabase({ migrated = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${testDatabasePrefix()}${randomBytes(4).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${name}"${migrated ? ` TEMPLATE "${migratedTemplateName()}"` : ''}`));
  return {
    url: databaseUrlOf(name),
    drop: () => withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
