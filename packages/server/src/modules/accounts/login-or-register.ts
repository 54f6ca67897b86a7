import { randomBytes } from 'node:crypto';
import type { BodyOf, loginOrRegister as loginOrRegisterCall } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { changePoints } from '../points/ledger.js';
import { SMS_UNAVAILABLE, useCode } from '../sms/sms-codes.js';
import { releaseAttempt, reserveAttempt, settleAttempt, type Limit } from '../rate-limit/rate-limit.js';
import { issueToken, type UserRow } from '../sessions/tokens.js';
import { assertNewPassword } from './password-rule.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** What sign-in or sign-up takes (@app/contract's login_or_register body). */
export type Credentials = BodyOf<typeof loginOrRegisterCall>;

export interface SignedIn {
  user: UserRow;
  token: string;
  /** The points given to an account made by this call (its welcome points); 0 on a sign-in. */
  welcomePoints: number;
  /** Signed in with an operator's one-time password: the token may only set a new one (docs/api.md, /api/v1/account/change_password). */
  mustChangePassword: boolean;
}

/** docs/api.md, /api/v1/account/login_or_register: 5 wrong passwords for one phone within 15 minutes → 429 until the window passes. */
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_MAX_FAILURES = 5;
export const loginLimit = (phone: string): Limit => ({ key: `login:${phone}`, max: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS });
/** SIGNUP_LIMIT new accounts per client address per hour (each comes with the welcome points). */
const SIGNUP_WINDOW_MS = 3600 * 1000;

export interface SignUpOptions {
  welcomePoints: number;
  /** New accounts per client address per hour; 0 = no limit. */
  signupLimit: number;
  /** The caller's address (`request.ip`: the socket's, or X-Forwarded-For's from a TRUST_PROXY). */
  clientAddress: string;
  /** Whether SMS codes are configured (SMS_PROVIDER): `{ phone, code }` is refused otherwise. */
  smsEnabled: boolean;
}

const WRONG_PASSWORD = '手机号或密码错误';
/** Stands for "no password" on an account made by a code: a hash of random bytes nobody knows. */
export const unknownPassword = (): string => randomBytes(32).toString('base64url');
const REGISTER_TITLE = '新用户注册赠送';

/**
 * One button signs in or signs up (docs/product.md "登录": 登录/注册): a known phone signs in with its password,
 * an unknown one becomes a new account with the welcome points.
 */
export async function loginOrRegister(db: Db, credentials: Credentials, options: SignUpOptions): Promise<SignedIn> {
  if (credentials.code !== undefined) return loginWithCode(db, { ...credentials, code: credentials.code }, options);
  // Neither: answered as before codes existed (the schema's own words for a missing password).
  if (credentials.password === undefined) throw new BusinessError(RspCode.invalidParam, '密码不能为空');
  return loginWithPassword(db, { ...credentials, password: credentials.password }, options);
}

type WithPassword = Credentials & { password: string };

async function loginWithPassword(db: Db, credentials: WithPassword, options: SignUpOptions): Promise<SignedIn> {
  const known = await findByPhone(db, credentials.phone);
  if (known) return login(db, known, credentials.password);
  const registered = await register(db, credentials, options);
  if (registered) return registered;
  // Another request registered this phone meanwhile (the unique phone stopped ours): sign in to it.
  const winner = await findByPhone(db, credentials.phone);
  if (!winner) throw new Error('loginOrRegister: phone taken yet not found');
  return login(db, winner, credentials.password);
}

export async function findByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user;
}

async function login(db: Db, user: UserRow, password: string): Promise<SignedIn> {
  // Counted before the (slow) password check, in one atomic step: guesses sent at once count
  // while still in flight, so at most LOGIN_MAX_FAILURES passwords are checked per window, and
  // during a lockout even the right password is refused.
  const attempt = await reserveAttempt(db, loginLimit(user.phone));
  let right: boolean;
  try {
    right = await verifyPassword(password, user.passwordHash);
  } catch (error) {
    await settleAttempt(db, attempt);
    throw error;
  }
  // A wrong password stays counted; the right one gives its place back.
  if (!right) {
    await settleAttempt(db, attempt);
    throw new BusinessError(RspCode.failed, WRONG_PASSWORD);
  }
  await releaseAttempt(db, attempt);
  return { user, token: await issueToken(db, user.id), welcomePoints: 0, mustChangePassword: user.passwordMustChange };
}

/** A new account, counted against the caller's address (429 past SIGNUP_LIMIT); null if the phone was taken meanwhile. */
async function register(db: Db, credentials: WithPassword, options: SignUpOptions): Promise<SignedIn | null> {
  // A new password meets the rule (rspCode 2 otherwise), before anything counts; signing in to an
  // existing account does not ask it.
  assertNewPassword(credentials.password, credentials.phone);
  return registerCounted(db, credentials, options);
}

/**
 * The other way in (docs/api.md, /api/v1/account/login_or_register with `code`): the SMS code sent
 * for `login` proves the phone, so a known phone signs in and a new one registers, as with a
 * password. The code is used up before anything else: a wrong one counts one of its 5 tries.
 */
async function loginWithCode(db: Db, credentials: Credentials & { code: string }, options: SignUpOptions): Promise<SignedIn> {
  if (credentials.password !== undefined) throw new BusinessError(RspCode.invalidParam, '密码和验证码只能填一个');
  if (!options.smsEnabled) throw new BusinessError(RspCode.failed, SMS_UNAVAILABLE);
  await useCode(db, credentials.phone, 'login', credentials.code);
  const known = await findByPhone(db, credentials.phone);
  if (known) return signInByCode(db, known);
  // A password nobody knows (32 random bytes): the account signs in by code until one is set.
  const registered = await registerCounted(db, { ...credentials, password: unknownPassword() }, options, false);
  if (registered) return registered;
  const winner = await findByPhone(db, credentials.phone);
  if (!winner) throw new Error('loginOrRegister: phone taken yet not found');
  return signInByCode(db, winner);
}

/**
 * A code proves the phone. An operator's one-time password still waiting to be replaced is void
 * from then on (the user has a way in without it): the account signs in by code and sets a
 * password in 修改密码 without an old one, as an account made by a code does.
 */
async function signInByCode(db: Db, user: UserRow): Promise<SignedIn> {
  let signedIn = user;
  if (user.passwordMustChange) {
    const passwordHash = await hashPassword(unknownPassword());
    const [voided] = await db
      .update(users)
      .set({ passwordHash, hasPassword: false, passwordMustChange: false })
      .where(and(eq(users.id, user.id), eq(users.passwordMustChange, true)))
      .returning();
    signedIn = voided ?? user;
  }
  return { user: signedIn, token: await issueToken(db, user.id), welcomePoints: 0, mustChangePassword: false };
}

async function registerCounted(db: Db, credentials: WithPassword, options: SignUpOptions, hasPassword = true): Promise<SignedIn | null> {
  // Only a new account counts against its address, and it counts before the work (as in login).
  const attempt = options.signupLimit > 0 ? await reserveAttempt(db, signupLimit(options)) : undefined;
  try {
    const created = await createAccount(db, credentials, options.welcomePoints, hasPassword);
    if (attempt !== undefined) {
      // The phone was taken meanwhile: this becomes a sign-in, which the address does not pay for.
      if (created) await settleAttempt(db, attempt);
      else await releaseAttempt(db, attempt);
    }
    return created;
  } catch (error) {
    if (attempt !== undefined) await releaseAttempt(db, attempt);
    throw error;
  }
}

function signupLimit(options: SignUpOptions): Limit {
  return { key: `signup:${addressGroup(options.clientAddress)}`, max: options.signupLimit, windowMs: SIGNUP_WINDOW_MS };
}

/**
 * What one client's sign-ups count under: an IPv4 address, or an IPv6 address's /64 — one
 * customer's network, in which every address is theirs to use (an IPv4-mapped one counts as IPv4).
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The account, its welcome points and its first token in one transaction; null if the phone was taken meanwhile. */
async function createAccount(db: Db, credentials: WithPassword, welcomePoints: number, hasPassword: boolean): Promise<SignedIn | null> {
  // Hashed before the transaction: it is the slow part, and holds no connection.
  const passwordHash = await hashPassword(credentials.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ phone: credentials.phone, passwordHash, hasPassword, nickname: credentials.nickname ?? defaultNickname(credentials.phone) })
      .onConflictDoNothing({ target: users.phone })
      .returning();
    if (!created) return null;
    let points = created.points;
    if (welcomePoints > 0) {
      ({ balance: points } = await changePoints(tx, { userId: created.id, change: welcomePoints, type: 'register', title: REGISTER_TITLE }));
    }
    return { user: { ...created, points }, token: await issueToken(tx, created.id), welcomePoints, mustChangePassword: false };
  });
}

/** `用户` + the last 4 digits, as docs/api.md, /api/v1/account/login_or_register names new accounts. */
function defaultNickname(phone: string): string {
  return `用户${phone.slice(-4)}`;
}
