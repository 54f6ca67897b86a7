import { type CodeStatus, type CodeView, normalizeCode } from '@app/contract';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { activationCodes, codeBatches, users } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';

interface CodeRow {
  code: typeof activationCodes.$inferSelect;
  batch: { points: number; days: number; endsAt: Date | null };
  phone: string | null;
}

/** Codes newest first, all of them or one batch's (an unknown batch is rspCode 4, not an empty list). */
export async function listCodes(
  db: Db,
  filter: { batchId?: number },
  page: number,
  pageSize: number,
  now = new Date(),
): Promise<{ list: CodeView[]; total: number }> {
  if (filter.batchId !== undefined) {
    const [batch] = await db.select({ id: codeBatches.id }).from(codeBatches).where(eq(codeBatches.id, filter.batchId));
    if (!batch) throw new BusinessError(RspCode.notFound, '批次不存在');
  }
  const where: SQL | undefined = filter.batchId === undefined ? undefined : eq(activationCodes.batchId, filter.batchId);
  const [totalRow] = await db.select({ total: count() }).from(activationCodes).where(where);
  const rows = await selectCodes(db)
    .where(where)
    .orderBy(desc(activationCodes.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { list: rows.map((row) => toCodeView(row, now)), total: totalRow?.total ?? 0 };
}

/**
 * Disables an unused code so it can no longer be redeemed. Disabling a disabled code changes
 * nothing (the answer is the same); a redeemed code cannot be taken back (rspCode 5).
 */
export async function disableCode(db: Db, input: string, now = new Date()): Promise<CodeView> {
  const code = normalizeCode(input);
  if (code === null) throw new BusinessError(RspCode.notFound, '激活码不存在');
  await db
    .update(activationCodes)
    .set({ disabledAt: now })
    .where(and(eq(activationCodes.code, code), isNull(activationCodes.redeemedAt), isNull(activationCodes.disabledAt)));
  const [row] = await selectCodes(db).where(eq(activationCodes.code, code));
  if (!row) throw new BusinessError(RspCode.notFound, '激活码不存在');
  const view = toCodeView(row, now);
  if (view.status === 'used') throw new BusinessError(RspCode.notAllowed, '激活码已被使用，不能停用');
  return view;
}

function selectCodes(db: Db) {
  return db
    .select({
      code: activationCodes,
      batch: { points: codeBatches.points, days: codeBatches.days, endsAt: codeBatches.endsAt },
      phone: users.phone,
    })
    .from(activationCodes)
    .innerJoin(codeBatches, eq(codeBatches.id, activationCodes.batchId))
    .leftJoin(users, eq(users.id, activationCodes.redeemedBy))
    .$dynamic();
}

function statusOf(row: CodeRow, now: Date): CodeStatus {
  if (row.code.redeemedAt) return 'used';
  if (row.code.disabledAt) return 'disabled';
  if (row.batch.endsAt && row.batch.endsAt.getTime() <= now.getTime()) return 'expired';
  return 'unused';
}

function toCodeView(row: CodeRow, now: Date): CodeView {
  return {
    id: String(row.code.id),
    code: row.code.code,
    batchId: String(row.code.batchId),
    status: statusOf(row, now),
    points: row.batch.points,
    days: row.batch.days,
    endsAt: row.batch.endsAt?.getTime() ?? 0,
    redeemedByPhone: row.phone ?? '',
    redeemedAt: row.code.redeemedAt?.getTime() ?? 0,
    disabledAt: row.code.disabledAt?.getTime() ?? 0,
    createdAt: row.code.createdAt.getTime(),
  };
}
