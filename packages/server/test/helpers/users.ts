import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database.js';
import { pointsLedger, users } from '../../src/db/schema.js';
import { changePoints } from '../../src/modules/points/ledger.js';
import { issueToken, type UserRow } from '../../src/modules/sessions/tokens.js';
import { uniquePhone } from './engines.js';

/**
 * A signed-in user made straight in the database (not through the account routes), with
 * `points` granted through the ledger as a `register` row, so balances and ledger agree.
 */
export async function signedInUser(db: Db, options: { points?: number; memberUntil?: Date | null } = {}): Promise<{ user: UserRow; token: string }> {
  const phone = uniquePhone();
  const [user] = await db
    .insert(users)
    .values({ phone, passwordHash: 'not-a-hash', nickname: `用户${phone.slice(-4)}`, memberUntil: options.memberUntil ?? null })
    .returning();
  if (!user) throw new Error('signedInUser: INSERT returned no row');
  const points = options.points ?? 0;
  if (points > 0) await db.transaction((tx) => changePoints(tx, { userId: user.id, change: points, type: 'register', title: '注册赠送' }));
  return { user: { ...user, points }, token: await issueToken(db, user.id) };
}

/** The balance and membership of a user as stored now. */
export async function userState(db: Db, userId: number): Promise<{ points: number; memberUntil: Date | null }> {
  const [row] = await db.select({ points: users.points, memberUntil: users.memberUntil }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

/** The ledger invariant: for every user, SUM(change) = users.points (the balance the app shows). */
export async function expectLedgerMatchesBalances(db: Db): Promise<void> {
  const rows = await db
    .select({ id: users.id, points: users.points, sum: sql<number>`COALESCE(SUM(${pointsLedger.change}), 0)`.mapWith(Number) })
    .from(users)
    .leftJoin(pointsLedger, eq(pointsLedger.userId, users.id))
    .groupBy(users.id);
  expect(rows.length).toBeGreaterThan(0);
  const mismatched = rows.filter((row) => row.sum !== row.points);
  expect(mismatched).toEqual([]);
}
