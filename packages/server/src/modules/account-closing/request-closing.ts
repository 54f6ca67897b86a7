import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { activationCodes, pointsLedger, sessions, users, videoTasks } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { verifyPassword } from '../accounts/passwords.js';
import { releaseAttempt, reserveAttempt, settleAttempt } from '../rate-limit/rate-limit.js';
import type { UserRow } from '../sessions/tokens.js';
import { useCode } from '../sms/sms-codes.js';

// 注销账号 (docs/product.md "注销账号"): the user asks, proves it is them (an SMS code, or the
// password where SMS is off), and the account enters its cooling-off; ./close-accounts.ts closes
// it once that is over.

const DAY_MS = 24 * 3600 * 1000;
/** As sign-in counts wrong passwords: 5 per 15 minutes, then 429 (docs/api.md, /api/v1/account/delete). */
const passwordLimit = (userId: number) => ({ key: `delete-password:${userId}`, max: 5, windowMs: 15 * 60 * 1000 });

export const NEED_CODE = '请输入验证码';
export const NEED_PASSWORD = '请输入密码';
export const WRONG_PASSWORD = '密码错误';

export interface ClosingSettings {
  /** Whether SMS codes are configured: the code confirms, else the password. */
  smsEnabled: boolean;
  /** ACCOUNT_DELETE_DAYS. */
  days: number;
}

/** What 注销账号 lists as lost, and how the user confirms (docs/api.md, /api/v1/account/delete_info). */
export async function closingSummary(db: Db, user: UserRow, settings: ClosingSettings) {
  const [[videos], [records], [exchanges]] = await Promise.all([
    db.select({ n: count() }).from(videoTasks).where(and(eq(videoTasks.userId, user.id), isNull(videoTasks.deletedAt))),
    db.select({ n: count() }).from(pointsLedger).where(eq(pointsLedger.userId, user.id)),
    db.select({ n: count() }).from(activationCodes).where(eq(activationCodes.redeemedBy, user.id)),
  ]);
  return {
    createNum: user.points,
    videos: videos?.n ?? 0,
    pointsRecords: records?.n ?? 0,
    exchangeRecords: exchanges?.n ?? 0,
    days: settings.days,
    confirmBy: settings.smsEnabled ? ('code' as const) : ('password' as const),
  };
}

/**
 * Starts the cooling-off of `user`'s account once the code or password proves it is them, and
 * ends every session of the account (this one too). Asked again while closing: the date already
 * set stands. Answers when the account closes.
 */
export async function requestClosing(db: Db, user: UserRow, proof: { code?: string; password?: string }, settings: ClosingSettings, now = new Date()): Promise<Date> {
  if (settings.smsEnabled) {
    if (proof.code === undefined) throw new BusinessError(RspCode.invalidParam, NEED_CODE);
    await useCode(db, user.phone, 'delete', proof.code, now);
  } else {
    if (proof.password === undefined) throw new BusinessError(RspCode.invalidParam, NEED_PASSWORD);
    await checkPassword(db, user, proof.password, now);
  }
  const closingAt = new Date(now.getTime() + settings.days * DAY_MS);
  return db.transaction(async (tx) => {
    // COALESCE: a second request keeps the first one's date (the cooling-off is not restarted).
    const [row] = await tx
      .update(users)
      .set({ closingAt: sql`COALESCE(${users.closingAt}, ${closingAt.toISOString()}::timestamptz)` })
      .where(and(eq(users.id, user.id), isNull(users.closedAt)))
      .returning({ closingAt: users.closingAt });
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    return row?.closingAt ?? closingAt;
  });
}

async function checkPassword(db: Db, user: UserRow, password: string, now: Date): Promise<void> {
  // Counted before the slow check, as sign-in counts (modules/rate-limit): parallel guesses too.
  const attempt = await reserveAttempt(db, passwordLimit(user.id), now);
  let right = false;
  try {
    right = await verifyPassword(password, user.passwordHash);
  } finally {
    if (right) await releaseAttempt(db, attempt);
    else await settleAttempt(db, attempt);
  }
  if (!right) throw new BusinessError(RspCode.failed, WRONG_PASSWORD);
}

/** 撤销注销: the account lives on as before (a closed one cannot come back). */
export async function cancelClosing(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ closingAt: null }).where(and(eq(users.id, userId), isNull(users.closedAt)));
}
