import type { ExchangeRecord } from '@app/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { activationCodes, codeBatches } from '../../db/schema.js';
import { maskCode } from './code-format.js';

/** The user's redemptions, newest first. */
export async function listExchangeRecords(db: Db, userId: number, page: number, pageSize: number): Promise<{ list: ExchangeRecord[]; total: number }> {
  const mine = eq(activationCodes.redeemedBy, userId);
  const [totalRow] = await db.select({ total: count() }).from(activationCodes).where(mine);
  const rows = await db
    .select({ id: activationCodes.id, code: activationCodes.code, redeemedAt: activationCodes.redeemedAt, points: codeBatches.points, days: codeBatches.days })
    .from(activationCodes)
    .innerJoin(codeBatches, eq(codeBatches.id, activationCodes.batchId))
    .where(mine)
    .orderBy(desc(activationCodes.redeemedAt), desc(activationCodes.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list = rows.map((row) => ({
    id: String(row.id),
    code: maskCode(row.code),
    points: row.points,
    days: row.days,
    createdAt: row.redeemedAt?.getTime() ?? 0,
  }));
  return { list, total: totalRow?.total ?? 0 };
}
