import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * A migrated PGlite data directory, made once per run by the global setup with the built server's
 * own code (packages/server/dist), which every server of the run starts from (a copy in its fresh
 * DATA_DIR): an empty cluster's initdb and the migrations take 5–15 s of a busy machine per server.
 * The server still runs its migrations at start; they find nothing to do.
 */
export async function makeMigratedPgdata(): Promise<string> {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-pgdata-')), 'pgdata');
  const script = `
    const { openDatabase } = require(${JSON.stringify(path.join(ROOT, 'packages/server/dist/db/database.js'))});
    const { migrate } = require(${JSON.stringify(path.join(ROOT, 'packages/server/dist/db/migrate.js'))});
    (async () => {
      const database = await openDatabase({ pgliteDir: process.argv[1] });
      await migrate(database.db);
      await database.close();
    })().catch((error) => { console.error(error); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ['-e', script, dir], { cwd: ROOT });
  process.env.E2E_PGDATA_TEMPLATE = dir;
  return dir;
}

/** Puts a copy of the run's migrated data directory into a server's DATA_DIR (nothing without one). */
export function seedPgdata(dataDir: string): void {
  const template = process.env.E2E_PGDATA_TEMPLATE;
  if (template) cpSync(template, path.join(dataDir, 'pgdata'), { recursive: true });
}

/** Removes the run's migrated data directory. */
export function removeMigratedPgdata(): void {
  const template = process.env.E2E_PGDATA_TEMPLATE;
  if (template) rmSync(path.dirname(template), { recursive: true, force: true });
}
