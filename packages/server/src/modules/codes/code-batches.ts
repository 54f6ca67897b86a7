import type { CodeBatch } from '@app/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { activationCodes, codeBatches } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { generateCode } from './code-format.js';

export interface NewBatch {
  points: number;
  days: number;
  count: number;
  /** Redeemable until then; null = no end. */
  endsAt: Date | null;
  note: string;
}

type BatchRow = typeof codeBatches.$inferSelect;

/** Rows per INSERT: well under PostgreSQL's 65535 parameters, small enough to retry cheaply. */
const INSERT_CHUNK = 1000;

/** Makes a batch and its `count` codes in one transaction: either all of them exist, or none. */
export async function createBatch(db: Db, batch: NewBatch, now = new Date()): Promise<{ batch: CodeBatch; codes: string[] }> {
  if (batch.points === 0 && batch.days === 0) throw new BusinessError(RspCode.invalidParam, '积分和会员天数不能都为 0');
  if (batch.endsAt && batch.endsAt.getTime() <= now.getTime()) throw new BusinessError(RspCode.invalidParam, '截止时间必须晚于现在');

  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(codeBatches)
      .values({ points: batch.points, days: batch.days, count: batch.count, endsAt: batch.endsAt, note: batch.note, createdAt: now })
      .returning();
    if (!created) throw new Error('createBatch: INSERT returned no row');
    const codes: string[] = [];
    while (codes.length < batch.count) {
      const wanted = Math.min(INSERT_CHUNK, batch.count - codes.length);
      codes.push(...(await insertFreshCodes(tx, created.id, wanted, now)));
    }
    return { batch: summarizeBatch(created, 0, 0, now), codes };
  });
}

/**
 * Inserts up to `wanted` new random codes; a code that already exists (2^-80 odds, but the
 * UNIQUE constraint is what decides) is skipped by ON CONFLICT, and the caller asks again.
 */
async function insertFreshCodes(tx: Tx, batchId: number, wanted: number, now: Date): Promise<string[]> {
  const candidates = new Set<string>();
  while (candidates.size < wanted) candidates.add(generateCode());
  const inserted = await tx
    .insert(activationCodes)
    .values([...candidates].map((code) => ({ batchId, code, createdAt: now })))
    .onConflictDoNothing({ target: activationCodes.code })
    .returning({ code: activationCodes.code });
  return inserted.map((row) => row.code);
}

/** Batches newest first, each with how many of its codes are in each state. */
export async function listBatches(db: Db, page: number, pageSize: number, now = new Date()): Promise<{ list: CodeBatch[]; total: number }> {
  const [totalRow] = await db.select({ total: count() }).from(codeBatches);
  const rows = await db
    .select({
      batch: codeBatches,
      used: sql<number>`count(*) FILTER (WHERE ${activationCodes.redeemedAt} IS NOT NULL)`.mapWith(Number),
      disabled: sql<number>`count(*) FILTER (WHERE ${activationCodes.redeemedAt} IS NULL AND ${activationCodes.disabledAt} IS NOT NULL)`.mapWith(Number),
    })
    .from(codeBatches)
    .leftJoin(activationCodes, eq(activationCodes.batchId, codeBatches.id))
    .groupBy(codeBatches.id)
    .orderBy(desc(codeBatches.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list = rows.map(({ batch, used, disabled }) => summarizeBatch(batch, used, disabled, now));
  return { list, total: totalRow?.total ?? 0 };
}

function summarizeBatch(batch: BatchRow, used: number, disabled: number, now: Date): CodeBatch {
  const left = batch.count - used - disabled;
  const ended = batch.endsAt !== null && batch.endsAt.getTime() <= now.getTime();
  return {
    id: String(batch.id),
    points: batch.points,
    days: batch.days,
    count: batch.count,
    endsAt: batch.endsAt?.getTime() ?? 0,
    note: batch.note,
    createdAt: batch.createdAt.getTime(),
    unused: ended ? 0 : left,
    used,
    disabled,
    expired: ended ? left : 0,
  };
}
