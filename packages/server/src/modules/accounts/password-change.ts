import { randomInt } from 'node:crypto';
import { MUST_CHANGE_PASSWORD } from '@app/contract';
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/database.js';
import { rateLimitHits, sessions, users, videoTasks } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { releaseAttempt, reserveAttempt, settleAttempt } from '../rate-limit/rate-limit.js';
import { CODE_GONE, SMS_UNAVAILABLE, useCode } from '../sms/sms-codes.js';
import { hashToken, issueToken, type UserRow } from '../sessions/tokens.js';
import { findByPhone, loginLimit, type SignedIn } from './login-or-register.js';
import { assertNewPassword } from './password-rule.js';
import { hashPassword, verifyPassword } from './passwords.js';

export { MUST_CHANGE_PASSWORD };
const WRONG_OLD_PASSWORD = '原密码错误';
const OLD_PASSWORD_NEEDED = '请输入原密码';

/** A new password, stored: the account has one of its own from now on. */
const ownPassword = (passwordHash: string) => ({ passwordHash, hasPassword: true, passwordMustChange: false });

/**
 * 忘记密码 (docs/api.md, /api/v1/account/reset_password): the SMS code sent for `reset` proves the
 * phone. The new password is checked against the rule before the code is used (a weak one costs
 * no try), then the code is used up — of parallel requests with the right code one wins (useCode) —
 * and in one transaction the password changes and every session of the user ends. The answer is a
 * new session; the phone's wrong-password count starts afresh.
 */
export async function resetPassword(db: Db, body: { phone: string; code: string; password: string }, smsEnabled: boolean): Promise<SignedIn> {
  if (!smsEnabled) throw new BusinessError(RspCode.failed, SMS_UNAVAILABLE);
  assertNewPassword(body.password, body.phone);
  const passwordHash = await hashPassword(body.password);
  await useCode(db, body.phone, 'reset', body.code);
  // Codes for reset are only sent to an account's phone; one closed meanwhile has none to reset.
  const user = await findByPhone(db, body.phone);
  if (!user) throw new BusinessError(RspCode.failed, CODE_GONE);
  const { updated, token } = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set(ownPassword(passwordHash)).where(eq(users.id, user.id)).returning();
    await endSessions(tx, user.id);
    return { updated: row ?? user, token: await issueToken(tx, user.id) };
  });
  await forgetPasswordFailures(db, body.phone);
  return { user: updated, token, welcomePoints: 0, mustChangePassword: false };
}

/**
 * 修改密码 (docs/api.md, /api/v1/account/change_password). An account with a password of its own (or
 * an operator's one-time password) gives it as `oldPassword`, checked under login's limit (5 wrong
 * per phone per 15 minutes, counted with sign-in's); one made by a code without a password sets its
 * first without one. Every other session of the user ends; the caller's stays.
 */
export async function changePassword(db: Db, user: UserRow, token: string, body: { oldPassword?: string; newPassword: string }): Promise<UserRow> {
  assertNewPassword(body.newPassword, user.phone);
  if (user.hasPassword || user.passwordMustChange) {
    if (body.oldPassword === undefined) throw new BusinessError(RspCode.invalidParam, OLD_PASSWORD_NEEDED);
    await checkOldPassword(db, user, body.oldPassword);
  }
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    // The user's row, locked: two changes (or a change and a reset) at once happen one after the
    // other, and the second sees whether the first ended its session.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [own] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
    if (!own) throw new BusinessError(RspCode.notSignedIn, '请先登录');
    const [row] = await tx.update(users).set(ownPassword(passwordHash)).where(eq(users.id, user.id)).returning();
    await endSessions(tx, user.id, token);
    if (!row) throw new Error('changePassword: the user vanished');
    return row;
  });
}

async function checkOldPassword(db: Db, user: UserRow, oldPassword: string): Promise<void> {
  // As login's password check: counted before the slow comparison, so parallel guesses count too.
  const attempt = await reserveAttempt(db, loginLimit(user.phone));
  let right: boolean;
  try {
    right = await verifyPassword(oldPassword, user.passwordHash);
  } catch (error) {
    await settleAttempt(db, attempt);
    throw error;
  }
  if (!right) {
    await settleAttempt(db, attempt);
    throw new BusinessError(RspCode.failed, WRONG_OLD_PASSWORD);
  }
  await releaseAttempt(db, attempt);
}

/** 退出所有设备: every session of the user ends, the caller's too. */
export async function logoutAll(db: Queryable, userId: number): Promise<void> {
  await endSessions(db, userId);
}

/** Revokes the user's live sessions, all or all but the one of `keepToken`. */
async function endSessions(db: Queryable, userId: number, keepToken?: string): Promise<void> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(keepToken === undefined ? live : and(live, ne(sessions.tokenHash, hashToken(keepToken))));
}

/** A new password ends a lockout: the wrong guesses were at the old one. */
async function forgetPasswordFailures(db: Queryable, phone: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, loginLimit(phone).key));
}

/** Letters and digits nobody misreads on a phone call (no 0/O, 1/l/I). */
const ONE_TIME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const ONE_TIME_LENGTH = 10;

/**
 * `npm run admin -- users reset-password PHONE`: a one-time password (10 characters, ~49 bits),
 * returned once and stored hashed. Every session of the user ends, the lockout is lifted, and a
 * sign-in with it can do nothing but set a new password (plugins/auth.ts).
 */
export async function issueOneTimePassword(db: Db, phone: string): Promise<string> {
  const user = await findByPhone(db, phone);
  if (!user) throw new BusinessError(RspCode.notFound, '用户不存在');
  const password = Array.from({ length: ONE_TIME_LENGTH }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join('');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordMustChange: true }).where(eq(users.id, user.id));
    await endSessions(tx, user.id);
  });
  await forgetPasswordFailures(db, phone);
  return password;
}

/** What `npm run admin -- users show PHONE` prints. */
export async function describeUser(db: Db, phone: string) {
  const user = await findByPhone(db, phone);
  if (!user) throw new BusinessError(RspCode.notFound, '用户不存在');
  const byStatus = await db.select({ status: videoTasks.status, n: count() }).from(videoTasks).where(eq(videoTasks.userId, user.id)).groupBy(videoTasks.status);
  const [live] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  const videos = { queued: 0, processing: 0, succeeded: 0, failed: 0, cancelled: 0 };
  for (const row of byStatus) videos[row.status] = row.n;
  return { user, videos, sessions: live?.n ?? 0 };
}
