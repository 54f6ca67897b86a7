import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { rateLimitHits } from '../../db/schema.js';
import { RateLimitedError } from '../../lib/errors.js';

/** At most `max` counted attempts per `windowMs` for one key (e.g. `login:13800138000`). */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Throws RateLimitedError (HTTP 429) while `limit.key` has used up its attempts. The hits live in
 * the database, so the limit holds across every API process; the window slides.
 */
export async function assertNotLimited(db: Queryable, limit: Limit, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - limit.windowMs);
  const [row] = await db
    .select({ hits: count(), oldest: min(rateLimitHits.at) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, limit.key), gt(rateLimitHits.at, since)));
  if (!row || row.hits < limit.max || !row.oldest) return;
  // Free again when the oldest hit in the window leaves it.
  const retryAfterMs = new Date(row.oldest).getTime() + limit.windowMs - now.getTime();
  throw new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** Counts one attempt against `key`, and forgets hits older than a day now and then. */
export async function recordHit(db: Queryable, key: string, now = new Date()): Promise<void> {
  await db.insert(rateLimitHits).values({ key, at: now });
  if (Math.random() < 0.01) {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - 24 * 3600 * 1000)));
  }
}
