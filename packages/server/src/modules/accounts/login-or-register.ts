import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { changePoints } from '../points/ledger.js';
import { assertNotLimited, recordHit, type Limit } from '../rate-limit/rate-limit.js';
import { issueToken, type UserRow } from '../sessions/tokens.js';
import { assertNewPassword } from './password-rule.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface Credentials {
  phone: string;
  password: string;
  /** Used only when the phone is new; a sign-in keeps the account's nickname. */
  nickname?: string;
}

export interface SignedIn {
  user: UserRow;
  token: string;
}

/** API.md: 5 wrong passwords for one phone within 15 minutes → 429 until the window passes. */
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_MAX_FAILURES = 5;
const loginLimit = (phone: string): Limit => ({ key: `login:${phone}`, max: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS });

const WRONG_PASSWORD = '手机号或密码错误';
const REGISTER_TITLE = '新用户注册赠送';

/**
 * One button signs in or signs up (seed: 登录/注册): a known phone signs in with its password,
 * an unknown one becomes a new account with the welcome points.
 */
export async function loginOrRegister(db: Db, credentials: Credentials, options: { welcomePoints: number }): Promise<SignedIn> {
  const known = await findByPhone(db, credentials.phone);
  if (known) return login(db, known, credentials.password);
  const registered = await register(db, credentials, options.welcomePoints);
  if (registered) return registered;
  // Another request registered this phone meanwhile (the unique phone stopped ours): sign in to it.
  const winner = await findByPhone(db, credentials.phone);
  if (!winner) throw new Error('loginOrRegister: phone taken yet not found');
  return login(db, winner, credentials.password);
}

async function findByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user;
}

async function login(db: Db, user: UserRow, password: string): Promise<SignedIn> {
  const limit = loginLimit(user.phone);
  // Before the (slow) password check: during a lockout even the right password is refused.
  await assertNotLimited(db, limit);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordHit(db, limit.key);
    throw new BusinessError(RspCode.failed, WRONG_PASSWORD);
  }
  // Again after it: guesses sent in parallel all pass the first check, but the failures among
  // them are recorded by now, so a right guess in such a burst is refused as well.
  await assertNotLimited(db, limit);
  return { user, token: await issueToken(db, user.id) };
}

/** The account, its welcome points and its first token in one transaction; null if the phone was taken meanwhile. */
async function register(db: Db, credentials: Credentials, welcomePoints: number): Promise<SignedIn | null> {
  // A new password meets the rule (rspCode 2 otherwise); signing in to an existing account does not ask it.
  assertNewPassword(credentials.password, credentials.phone);
  // Hashed before the transaction: it is the slow part, and holds no connection.
  const passwordHash = await hashPassword(credentials.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ phone: credentials.phone, passwordHash, nickname: credentials.nickname ?? defaultNickname(credentials.phone) })
      .onConflictDoNothing({ target: users.phone })
      .returning();
    if (!created) return null;
    let points = created.points;
    if (welcomePoints > 0) {
      ({ balance: points } = await changePoints(tx, { userId: created.id, change: welcomePoints, type: 'register', title: REGISTER_TITLE }));
    }
    return { user: { ...created, points }, token: await issueToken(tx, created.id) };
  });
}

/** `用户` + the last 4 digits, as the seed's accounts are named. */
function defaultNickname(phone: string): string {
  return `用户${phone.slice(-4)}`;
}
