import type { PointsRecord } from '@app/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { pointsLedger } from '../../db/schema.js';

/** The user's ledger, newest first (ids grow with every change). */
export async function listPointsRecords(db: Db, userId: number, page: number, pageSize: number): Promise<{ list: PointsRecord[]; total: number }> {
  const mine = eq(pointsLedger.userId, userId);
  const [totalRow] = await db.select({ total: count() }).from(pointsLedger).where(mine);
  const rows = await db
    .select()
    .from(pointsLedger)
    .where(mine)
    .orderBy(desc(pointsLedger.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list = rows.map((row) => ({
    id: String(row.id),
    change: row.change,
    balance: row.balance,
    type: row.type,
    title: row.title,
    taskId: row.taskId ?? '',
    createdAt: row.createdAt.getTime(),
  }));
  return { list, total: totalRow?.total ?? 0 };
}
