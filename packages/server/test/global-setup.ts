import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { POSTGRES_ADMIN_URL, withAdminClient } from './helpers/postgres';

/**
 * Finds out once whether a PostgreSQL server answers, for every suite that runs on both engines.
 * Unreachable: those runs are skipped, and said so here — unless REQUIRE_POSTGRES=1 (CI), where
 * that is a failure. Then makes the run's migrated databases the suites start from (helpers/migrated).
 */
export default async function globalSetup(): Promise<void> {
  process.env.TEST_RUN_ID = randomBytes(3).toString('hex');
  try {
    await withAdminClient((c) => c.query('SELECT 1'));
    process.env.TEST_POSTGRES_AVAILABLE = '1';
  } catch (error) {
    const where = POSTGRES_ADMIN_URL.replace(/\/\/[^@]*@/, '//');
    const why = `PostgreSQL at ${where} did not answer (${(error as Error).message})`;
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`${why}; REQUIRE_POSTGRES=1`);
    console.warn(`\n*** ${why}: the PostgreSQL runs of the server suites are SKIPPED (PGlite runs go ahead). ***\n`);
    process.env.TEST_POSTGRES_AVAILABLE = '0';
  }
  process.env.TEST_RUN_DIR = mkdtempSync(path.join(tmpdir(), 'app-test-run-'));
  const dump = path.join(process.env.TEST_RUN_DIR, 'pglite-migrated.tar');
  // In a process of its own: the server's source imports `./x.js` for `./x.ts`, which tsx resolves
  // (a global setup runs outside the project's module mapping).
  await promisify(execFile)(
    process.execPath,
    ['--conditions=app-source', '--import', 'tsx', path.join(__dirname, 'make-migrated.ts'), dump, process.env.TEST_POSTGRES_AVAILABLE],
    { env: process.env },
  );
  process.env.TEST_PGLITE_DUMP = dump;
}
