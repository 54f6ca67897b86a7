import { randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { accountExports } from '../../db/schema.js';
import { EXPORTS_DIR } from '../files/file-urls.js';
import type { FileStore } from '../storage/store.js';
import { buildExportZip, type ZipSource } from './build-zip.js';

// Turns `preparing` exports into zips (docs/architecture.md "注销账号 and 导出我的数据"). Not a
// video worker's job: a runner in each API process takes one export at a time from its own
// table, so an export never holds a render slot, and the zip is streamed from the store into the
// store (memory stays flat however large the account). Claimed as workers claim tasks: FOR UPDATE
// SKIP LOCKED and a lease, so a runner that dies leaves the export to another after the lease.

export const EXPORT_VALID_MS = 24 * 3600 * 1000;
/** Far longer than a zip takes (it streams at the store's speed); an export whose runner died is taken again when it runs out. */
const LEASE_MS = 30 * 60 * 1000;
/** An export whose runners keep dying (or whose zip keeps failing) fails after this many claims. */
const MAX_ATTEMPTS = 3;

export interface RunnerDeps extends ZipSource {
  store: Pick<FileStore, 'head' | 'openRead' | 'put' | 'delete'>;
  log?: { warn(details: object, message: string): void };
}

/**
 * Claims one export that is due (preparing, with no live lease) and makes its zip. Answers false
 * when there was none to do.
 */
export async function runOneExport(deps: RunnerDeps, owner: string, now = new Date()): Promise<boolean> {
  const due = deps.db
    .select({ id: accountExports.id })
    .from(accountExports)
    .where(and(eq(accountExports.status, 'preparing'), or(isNull(accountExports.leaseExpiresAt), lt(accountExports.leaseExpiresAt, now))))
    .orderBy(accountExports.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await deps.db
    .update(accountExports)
    .set({ leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${accountExports.attempts} + 1` })
    .where(eq(accountExports.id, sql`(${due})`))
    .returning();
  if (!claimed) return false;
  if (claimed.attempts > MAX_ATTEMPTS) {
    await finish(deps.db, claimed.id, owner, { status: 'failed' });
    return true;
  }
  const key = `${EXPORTS_DIR}${randomBytes(24).toString('hex')}.zip`;
  try {
    const zip = await buildExportZip(deps, claimed.userId);
    await deps.store.put(key, zip.stream, { contentType: 'application/zip', size: zip.size });
    const readyAt = new Date();
    const done = await finish(deps.db, claimed.id, owner, { status: 'ready', fileKey: key, size: zip.size, readyAt, expiresAt: new Date(readyAt.getTime() + EXPORT_VALID_MS) });
    // No longer ours (the account closed meanwhile, or our lease ran out and another runner took it).
    if (!done) await deps.store.delete(key);
    else await removeOlderExports(deps, claimed.userId, claimed.id);
  } catch (error) {
    deps.log?.warn({ err: error, exportId: claimed.id }, 'an export failed');
    await deps.store.delete(key).catch(() => undefined);
    await finish(deps.db, claimed.id, owner, { status: 'failed' });
  }
  return true;
}

async function finish(db: Db, id: number, owner: string, changes: Partial<typeof accountExports.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(accountExports)
    .set({ ...changes, leaseOwner: null, leaseExpiresAt: null })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'preparing'), eq(accountExports.leaseOwner, owner)))
    .returning({ id: accountExports.id });
  return rows.length > 0;
}

/** A user keeps one export: the ones before the newest go, with their files. */
async function removeOlderExports(deps: RunnerDeps, userId: number, newest: number): Promise<void> {
  const gone = await deps.db
    .delete(accountExports)
    .where(and(eq(accountExports.userId, userId), lt(accountExports.id, newest), ne(accountExports.status, 'preparing')))
    .returning({ key: accountExports.fileKey });
  await removeFiles(deps, gone);
}

/** Exports past their 24 hours (and failures as old) go, with their files. Answers how many. */
export async function removeExpiredExports(deps: Pick<RunnerDeps, 'db' | 'store' | 'log'>, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - EXPORT_VALID_MS);
  const gone = await deps.db
    .delete(accountExports)
    .where(or(and(eq(accountExports.status, 'ready'), lt(accountExports.expiresAt, now)), and(eq(accountExports.status, 'failed'), lt(accountExports.createdAt, dayAgo))))
    .returning({ key: accountExports.fileKey });
  await removeFiles(deps, gone);
  return gone.length;
}

async function removeFiles(deps: Pick<RunnerDeps, 'store' | 'log'>, rows: { key: string | null }[]): Promise<void> {
  const keys = rows.map((row) => row.key).filter((key): key is string => key !== null);
  await Promise.all(keys.map((key) => deps.store.delete(key).catch((err: unknown) => deps.log?.warn({ err, key }, 'could not remove an export file'))));
}

