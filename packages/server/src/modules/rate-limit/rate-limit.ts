import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { rateLimitHits } from '../../db/schema.js';
import { RateLimitedError } from '../../lib/errors.js';

/** At most `max` counted attempts per `windowMs` for one key (e.g. `login:13800138000`). */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** One attempt in flight: the id of its row in rate_limit_hits (see `settleAttempt`, `releaseAttempt`). */
export type Attempt = number;

/**
 * First half of `pg_advisory_xact_lock(int, int)` for rate-limit keys; the second half is the
 * key's hashtext. Keeps these locks apart from the single-number locks of db/migrate.ts and
 * modules/templates/template-samples.ts.
 */
const RATE_LIMIT_LOCK_CLASS = 0x52_4c_48; // 'RLH'
const DAY_MS = 24 * 3600 * 1000;
/** An attempt still pending after this long belongs to a process that died mid-check: it counts as a failure. */
const PENDING_TIMEOUT_MS = 60 * 1000;
/** How long an attempt waits for attempts in flight to settle before it is refused. */
export const PENDING_WAIT_MS = 10 * 1000;

/**
 * Counts one attempt against `limit.key` before the caller does the guarded work (the slow
 * password check, the code lookup), or throws RateLimitedError (HTTP 429). The caller then either
 * settles it (a failure: it stays counted) or releases it (a success: it never counted).
 *
 * Atomic across requests and processes: a transaction-scoped advisory lock on the key orders every
 * reservation of that key, so each one sees all that came before it — settled ones and those still
 * in flight. At most `max` attempts are ever past this point per window, however many are sent at
 * once and however many API processes share the database.
 *
 * While `max` settled failures are in the window: refused, Retry-After until the oldest leaves it.
 * While the window is full only because attempts are in flight (say a user's 6 parallel sign-ins
 * with the right password), this waits up to `waitMs` for them to settle or be released — a burst
 * of guesses then meets the failures its first attempts left, and is refused.
 */
export async function reserveAttempt(db: Queryable, limit: Limit, now?: Date, waitMs = PENDING_WAIT_MS): Promise<Attempt> {
  const giveUpAt = Date.now() + waitMs;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const at = now ?? new Date();
    const outcome = await tryReserve(db, limit, at, true);
    if (typeof outcome === 'number') return outcome;
    if (outcome.settledFull || Date.now() + pause > giveUpAt) throw new RateLimitedError(outcome.retryAfterSeconds);
    // Jittered, so many waiters do not come back in step.
    await sleep(pause / 2 + Math.random() * pause);
  }
}

/** Counts one attempt that is over as soon as it is made (an upload policy issued), or throws RateLimitedError. */
export async function countAttempt(db: Queryable, limit: Limit, now = new Date()): Promise<void> {
  const outcome = await tryReserve(db, limit, now, false);
  if (typeof outcome !== 'number') throw new RateLimitedError(outcome.retryAfterSeconds);
}

/** A reserved attempt failed: it stays counted for the rest of its window. */
export async function settleAttempt(db: Queryable, attempt: Attempt): Promise<void> {
  await db.update(rateLimitHits).set({ pending: false }).where(eq(rateLimitHits.id, attempt));
}

/** A reserved attempt succeeded (the right password, a redeemed code): it gives its place back. */
export async function releaseAttempt(db: Queryable, attempt: Attempt): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.id, attempt));
}

interface Refusal {
  /** The window is full of settled attempts: waiting for ones in flight cannot help. */
  settledFull: boolean;
  retryAfterSeconds: number;
}

/** One atomic step: the new hit's id, or why there is no room for it. */
async function tryReserve(db: Queryable, limit: Limit, now: Date, pending: boolean): Promise<Attempt | Refusal> {
  const since = new Date(now.getTime() - limit.windowMs);
  const staleBefore = new Date(now.getTime() - PENDING_TIMEOUT_MS);
  const outcome = await db.transaction(async (tx): Promise<Attempt | Refusal> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RATE_LIMIT_LOCK_CLASS}::integer, hashtext(${limit.key}))`);
    // After the lock, in a statement of its own: in READ COMMITTED each statement sees what was
    // committed before it started, so this sees every hit reserved before the lock was ours.
    const [row] = await tx
      .select({
        hits: count(),
        settled: sql<number>`count(*) FILTER (WHERE NOT ${rateLimitHits.pending} OR ${rateLimitHits.at} < ${staleBefore.toISOString()}::timestamptz)`.mapWith(Number),
        oldest: min(rateLimitHits.at),
      })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, limit.key), gt(rateLimitHits.at, since)));
    if (row && row.hits >= limit.max && row.oldest) {
      // Free again when the oldest hit in the window leaves it. That hit may be stamped a moment
      // after `now` (a request that took its time later but its turn earlier, or another
      // process's clock): never more than a window.
      const retryAfterMs = Math.min(limit.windowMs, new Date(row.oldest).getTime() + limit.windowMs - now.getTime());
      return { settledFull: row.settled >= limit.max, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    const [hit] = await tx.insert(rateLimitHits).values({ key: limit.key, at: now, pending }).returning({ id: rateLimitHits.id });
    if (!hit) throw new Error('rate limit: INSERT returned no row');
    return hit.id;
  });
  if (typeof outcome === 'number' && Math.random() < 0.01) {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - DAY_MS)));
  }
  return outcome;
}
