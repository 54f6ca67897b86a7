import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { activationCodes, codeBatches, users } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { changePoints } from '../points/ledger.js';
import { releaseAttempt, reserveAttempt, settleAttempt } from '../rate-limit/rate-limit.js';
import { normalizeCode, RspMsg } from '@app/contract';

/** docs/api.md, /api/v1/activationCode/activate: 10 failed attempts per user per hour, then 429 — 2^80 codes stay out of reach. */
export const FAILED_REDEEM_LIMIT = { max: 10, windowMs: 3600 * 1000 } as const;
const DAY_SECONDS = 24 * 3600;

export interface Redemption {
  points: number;
  days: number;
  /** The balance after the grant. */
  balance: number;
  memberUntil: Date | null;
}

const unknownCode = () => new BusinessError(RspCode.notFound, RspMsg.codeInvalid);

/**
 * Redeems `input` for `userId`: marks the code, grants its points (a `redeem` ledger row) and
 * extends membership by its days from max(now, member_until), all in one transaction. Every
 * failure (unknown, used, expired, disabled) counts against the user's hourly limit: the attempt
 * is counted atomically before the code is looked up (modules/rate-limit), so guesses sent at once
 * count while in flight and at most FAILED_REDEEM_LIMIT.max codes are checked per window; a
 * redeemed code gives its attempt back.
 */
export async function redeemCode(db: Db, userId: number, input: string, now = new Date()): Promise<Redemption> {
  const attempt = await reserveAttempt(db, { key: `activate:${userId}`, ...FAILED_REDEEM_LIMIT }, now);
  let redemption: Redemption;
  try {
    const code = normalizeCode(input);
    if (code === null) throw unknownCode();
    redemption = await db.transaction((tx) => redeemIn(tx, userId, code, now));
  } catch (error) {
    // Only a refusal counts; a fault of the server's own (a lost connection) does not.
    if (error instanceof BusinessError) await settleAttempt(db, attempt);
    else await releaseAttempt(db, attempt);
    throw error;
  }
  await releaseAttempt(db, attempt);
  return redemption;
}

async function redeemIn(tx: Tx, userId: number, code: string, now: Date): Promise<Redemption> {
  const [found] = await tx
    .select({ redeemedAt: activationCodes.redeemedAt, disabledAt: activationCodes.disabledAt, batch: codeBatches })
    .from(activationCodes)
    .innerJoin(codeBatches, eq(codeBatches.id, activationCodes.batchId))
    .where(eq(activationCodes.code, code));
  if (!found) throw unknownCode();
  assertRedeemable(found, now);

  // The one guard that holds under concurrency: of all who reach this UPDATE for the same code,
  // the row lock lets exactly one see `redeemed_at IS NULL`. (redeemed_at rather than
  // redeemed_by: deleting the redeemer nulls redeemed_by, and the code must stay used.)
  const [marked] = await tx
    .update(activationCodes)
    .set({ redeemedBy: userId, redeemedAt: now })
    .where(and(eq(activationCodes.code, code), isNull(activationCodes.redeemedAt), isNull(activationCodes.disabledAt)))
    .returning({ id: activationCodes.id });
  if (!marked) {
    // Someone redeemed (or an operator disabled) it since the SELECT: say which.
    const [current] = await tx
      .select({ redeemedAt: activationCodes.redeemedAt, disabledAt: activationCodes.disabledAt })
      .from(activationCodes)
      .where(eq(activationCodes.code, code));
    assertRedeemable({ ...found, ...current }, now);
    throw new BusinessError(RspCode.notAllowed, RspMsg.codeUsed);
  }

  const { points, days } = found.batch;
  if (points > 0) await changePoints(tx, { userId, change: points, type: 'redeem', title: '兑换激活码' });
  const [user] =
    days > 0
      ? await tx
          .update(users)
          .set({ memberUntil: extendedMembership(now, days) })
          .where(eq(users.id, userId))
          .returning({ balance: users.points, memberUntil: users.memberUntil })
      : await tx.select({ balance: users.points, memberUntil: users.memberUntil }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`redeemCode: no user ${userId}`);
  return { points, days, balance: user.balance, memberUntil: user.memberUntil };
}

/** max(now, member_until) + days, computed by the database so concurrent grants add up. */
function extendedMembership(now: Date, days: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`GREATEST(COALESCE(${users.memberUntil}, ${at}), ${at}) + ${days * DAY_SECONDS}::integer * interval '1 second'`;
}

interface CodeState {
  redeemedAt: Date | null;
  disabledAt: Date | null;
  batch: { endsAt: Date | null };
}

/** rspCode 5 with the reason a known code cannot be redeemed now; used wins over the others. */
function assertRedeemable(state: CodeState, now: Date): void {
  if (state.redeemedAt) throw new BusinessError(RspCode.notAllowed, RspMsg.codeUsed);
  if (state.disabledAt) throw new BusinessError(RspCode.notAllowed, RspMsg.codeDisabled);
  if (state.batch.endsAt && state.batch.endsAt.getTime() <= now.getTime()) throw new BusinessError(RspCode.notAllowed, RspMsg.codeExpired);
}
