import type { ExportStatus } from '@app/contract';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { accountExports } from '../../db/schema.js';
import { exportLink } from './export-link.js';

// 导出我的数据 (docs/product.md "导出我的数据"): a request makes a `preparing` row, which a runner
// (./export-runner.ts) turns into a zip in the background; the status answers the newest row.

export interface ExportView {
  status: ExportStatus;
  url: string;
  expiresAt: number;
  size: number;
}

const NONE: ExportView = { status: 'none', url: '', expiresAt: 0, size: 0 };

/**
 * Asks for an export of the user's data, unless one is being prepared: the partial unique index
 * of migrations/0016 lets one `preparing` row a user exist, so of parallel requests one inserts
 * and the others find it. Answers the status as it is then.
 */
export async function requestExport(db: Db, secret: Buffer, userId: number, now = new Date()): Promise<ExportView> {
  await db.insert(accountExports).values({ userId, createdAt: now }).onConflictDoNothing();
  return exportStatus(db, secret, userId, now);
}

/** The user's newest export: preparing, failed, ready with its signed link, or none (never asked, or past its 24 hours). */
export async function exportStatus(db: Db, secret: Buffer, userId: number, now = new Date()): Promise<ExportView> {
  const [row] = await db.select().from(accountExports).where(eq(accountExports.userId, userId)).orderBy(desc(accountExports.id)).limit(1);
  if (!row) return NONE;
  if (row.status !== 'ready') return { ...NONE, status: row.status };
  if (!row.expiresAt || row.expiresAt <= now) return NONE;
  return { status: 'ready', url: exportLink(secret, row.id, row.expiresAt), expiresAt: row.expiresAt.getTime(), size: row.size ?? 0 };
}

/** The file of a ready, unexpired export that is still its owner's newest; null otherwise. */
export async function downloadableExport(db: Db, id: number, now = new Date()): Promise<{ key: string; size: number } | null> {
  const [row] = await db
    .select({ userId: accountExports.userId, key: accountExports.fileKey, size: accountExports.size })
    .from(accountExports)
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'ready'), gt(accountExports.expiresAt, now)));
  if (!row?.key) return null;
  const [newest] = await db.select({ id: accountExports.id }).from(accountExports).where(eq(accountExports.userId, row.userId)).orderBy(desc(accountExports.id)).limit(1);
  return newest?.id === id ? { key: row.key, size: row.size ?? 0 } : null;
}
