import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { pointsLedger, users } from '../../db/schema.js';
import { type LedgerType, RspMsg } from '@app/contract';
import { BusinessError } from '../../lib/errors.js';
import { RspCode } from '../../lib/envelope.js';

export interface PointsChange {
  userId: number;
  /** Signed: + grant, − spend. */
  change: number;
  type: LedgerType;
  /** Shown in 积分记录, e.g. 「兑换激活码」. */
  title: string;
  taskId?: string | null;
}

/**
 * The one way a balance changes: the balance and its ledger row (with the balance after it) in
 * the caller's transaction. A spend larger than the balance changes nothing and answers
 * rspCode 3; the CHECK constraints stand behind this as the last guard.
 */
export async function changePoints(tx: Tx, change: PointsChange): Promise<{ balance: number }> {
  const [updated] = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${change.change}` })
    .where(and(eq(users.id, change.userId), gte(sql`${users.points} + ${change.change}`, 0)))
    .returning({ balance: users.points });
  if (!updated) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, change.userId));
    if (!exists) throw new Error(`changePoints: no user ${change.userId}`);
    throw new BusinessError(RspCode.notEnoughPoints, RspMsg.notEnoughPoints);
  }
  await tx.insert(pointsLedger).values({
    userId: change.userId,
    change: change.change,
    balance: updated.balance,
    type: change.type,
    title: change.title,
    taskId: change.taskId ?? null,
  });
  return updated;
}
