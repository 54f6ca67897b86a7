import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { smsCodes, users, type SmsPurpose } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { addressGroup } from '../accounts/login-or-register.js';
import { releaseAttempt, reserveAttempt, settleAttempt, type Attempt, type Limit } from '../rate-limit/rate-limit.js';
import { SmsVendorError, type SmsSender } from './sms-sender.js';

/** docs/api.md, /api/v1/account/send_code: a code is valid 5 minutes, for 5 checks, once. */
export const CODE_VALID_MS = 5 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/**
 * Codes per client address (IPv6: per /64) per hour, all phones together: a handful of people
 * behind one NAT sign in easily, one machine cannot walk through a list of numbers.
 */
export const ADDRESS_SENDS_PER_HOUR = 30;

export const CODE_SENT = '验证码已发送';
export const SMS_UNAVAILABLE = '短信验证码暂不可用，请使用密码登录';
const VENDOR_FAILED = '短信发送失败，请稍后再试';
const VENDOR_LIMITED = '该手机号获取验证码过于频繁，请稍后再试';
export const WRONG_CODE = '验证码错误';
export const CODE_GONE = '验证码已失效，请重新获取';

/** Per phone: one a minute, 5 an hour, 10 a day (the vendors' own defaults for codes); per address as above. */
function sendLimits(phone: string, clientAddress: string): Limit[] {
  return [
    { key: `sms:${phone}:minute`, max: 1, windowMs: MINUTE_MS },
    { key: `sms:${phone}:hour`, max: 5, windowMs: HOUR_MS },
    { key: `sms:${phone}:day`, max: 10, windowMs: DAY_MS },
    { key: `sms-address:${addressGroup(clientAddress)}`, max: ADDRESS_SENDS_PER_HOUR, windowMs: HOUR_MS },
  ];
}

export interface SendCodeRequest {
  phone: string;
  purpose: SmsPurpose;
  /** The caller's address (`request.ip`). */
  clientAddress: string;
}

/** What a send logs with (a request's logger). */
type Log = { warn: (fields: object, msg: string) => void };

/**
 * Sends a new code for `purpose` to `phone` (docs/api.md, /api/v1/account/send_code), or throws:
 * RateLimitedError past a limit, BusinessError when the vendor fails.
 *
 * Every limit is reserved before the code is sent, each in the atomic step of
 * modules/rate-limit (a burst of requests for one phone sends one SMS); a code sent keeps its
 * places, a vendor failure gives them all back (the user did nothing wrong).
 *
 * The answer is the same whether an account exists or not, and so is its timing. A code for
 * `login` is always sent (it may register the phone), while it is awaited: the user hears of a
 * vendor failure. One for `reset` or `delete` goes only to an account's phone, so that send happens
 * after the answer (`sendInBackground`): waiting for the vendor only when the phone is registered
 * would tell by the response time which phones are. The limits count either way. A background
 * send the vendor refuses is logged and gives its places back; the user, told 验证码已发送, gets
 * no SMS and may ask again at once (README "SMS codes").
 */
export async function sendCode(db: Db, sender: SmsSender, request: SendCodeRequest, log: Log): Promise<void> {
  const now = new Date();
  const attempts = await reserveSends(db, request, now);
  if (request.purpose !== 'login') {
    let exists: boolean;
    try {
      exists = await accountExists(db, request.phone);
    } catch (error) {
      await releaseAll(db, attempts);
      throw error;
    }
    if (exists) {
      // A vendor's refusal is logged by sendNow; anything else (the database gone) is logged here.
      const send = sendNow(db, sender, request, now, attempts, log).catch((error: unknown) => {
        if (!(error instanceof BusinessError)) log.warn({ err: error, purpose: request.purpose }, 'background sms send failed');
      });
      sendInBackground(db, send);
    } else await settleAll(db, attempts);
    return;
  }
  await sendNow(db, sender, request, now, attempts, log);
}

async function reserveSends(db: Db, request: SendCodeRequest, now: Date): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  try {
    for (const limit of sendLimits(request.phone, request.clientAddress)) attempts.push(await reserveAttempt(db, limit, now));
  } catch (error) {
    await releaseAll(db, attempts);
    throw error;
  }
  return attempts;
}

const releaseAll = (db: Db, attempts: Attempt[]) => Promise.all(attempts.map((attempt) => releaseAttempt(db, attempt)));
const settleAll = (db: Db, attempts: Attempt[]) => Promise.all(attempts.map((attempt) => settleAttempt(db, attempt)));

/**
 * Stores a new code, then has the vendor send it: stored first, so that once the SMS is out the
 * code checks (a user quick on the keyboard, a background send). A code the vendor refused is
 * deleted again, never one to check against.
 */
async function sendNow(db: Db, sender: SmsSender, request: SendCodeRequest, now: Date, attempts: Attempt[], log: Log): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  let stored: number | undefined;
  try {
    const [row] = await db
      .insert(smsCodes)
      .values({ phone: request.phone, purpose: request.purpose, codeHash: codeHash(request.phone, request.purpose, code), createdAt: now, expiresAt: new Date(now.getTime() + CODE_VALID_MS) })
      .returning({ id: smsCodes.id });
    stored = row?.id;
    await sender.sendCode(request.phone, code);
    // This phone's codes from before the longest window go: only the newest is ever checked.
    await db.delete(smsCodes).where(and(eq(smsCodes.phone, request.phone), lt(smsCodes.createdAt, new Date(now.getTime() - DAY_MS))));
  } catch (error) {
    if (stored !== undefined) await db.delete(smsCodes).where(eq(smsCodes.id, stored));
    await releaseAll(db, attempts);
    if (!(error instanceof SmsVendorError)) throw error;
    log.warn({ vendorCode: error.vendorCode, vendorMessage: error.message, purpose: request.purpose }, 'sms vendor refused a code');
    throw new BusinessError(RspCode.failed, error.rateLimited ? VENDOR_LIMITED : VENDOR_FAILED);
  }
  await settleAll(db, attempts);
}

/** Sends still under way after their answer, per database: the app waits for them when it closes. */
const inBackground = new WeakMap<Db, Set<Promise<unknown>>>();

function sendInBackground(db: Db, send: Promise<unknown>): void {
  let sends = inBackground.get(db);
  if (!sends) inBackground.set(db, (sends = new Set()));
  sends.add(send);
  void send.finally(() => sends.delete(send));
}

/** Resolves when every background send on `db` (those started before and during the wait) is over. */
export async function backgroundSendsSettled(db: Db): Promise<void> {
  for (let sends = inBackground.get(db); sends && sends.size > 0; ) await Promise.all([...sends]);
}

async function accountExists(db: Db, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return row !== undefined;
}

/** Bound to its phone and purpose, so a code's hash says nothing about another row's. */
function codeHash(phone: string, purpose: SmsPurpose, code: string): string {
  return createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');
}

/**
 * Uses up the code `code` of `phone` for `purpose`, or throws BusinessError (rspCode 1):
 * 验证码错误 for a wrong one, 验证码已失效 when there is no live code (none sent, expired, used,
 * or out of tries).
 *
 * Only the newest code counts. Each check first counts a try in one UPDATE, which PostgreSQL
 * applies row by row under the row's lock, rechecking `tries < 5` on the latest version: of any
 * number of parallel guesses at most 5 are compared. The right code then marks the row used in a
 * second UPDATE that only one request can win.
 */
export async function useCode(db: Db, phone: string, purpose: SmsPurpose, code: string, now = new Date()): Promise<void> {
  const newest = db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  const [tried] = await db
    .update(smsCodes)
    .set({ tries: sql`${smsCodes.tries} + 1` })
    .where(and(eq(smsCodes.id, sql`(${newest})`), lt(smsCodes.tries, CODE_MAX_TRIES), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash });
  if (!tried) throw new BusinessError(RspCode.failed, CODE_GONE);
  const given = Buffer.from(codeHash(phone, purpose, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(tried.codeHash, 'hex'))) throw new BusinessError(RspCode.failed, WRONG_CODE);
  const [used] = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, tried.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (!used) throw new BusinessError(RspCode.failed, CODE_GONE);
}
