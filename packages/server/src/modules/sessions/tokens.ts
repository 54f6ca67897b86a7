import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';

/** A token is valid for 30 days from its last use (docs/api.md "Conventions"). */
export const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** The sliding expiry moves at most this often: a write per request would cost every call. */
const SLIDE_EVERY_MS = 3600 * 1000;

export type UserRow = typeof users.$inferSelect;

/** 256 random bits, URL-safe. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(db: Queryable, userId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
  });
  return token;
}

/**
 * The lookup behind every signed-in call, prepared once per database: drizzle builds its SQL once
 * and PostgreSQL plans it once per connection (building it per request cost a quarter of the
 * server's time under load). It takes many token hashes at once: see TokenBatcher.
 */
function prepareLookup(db: Queryable) {
  return db
    .select({ tokenHash: sessions.tokenHash, user: users, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(sessions.revokedAt),
        // A closed account (注销账号) signs nobody in, whatever session a race left behind.
        isNull(users.closedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .prepare('resolve_tokens');
}

type Lookup = ReturnType<typeof prepareLookup>;
type LookupRow = Awaited<ReturnType<Lookup['execute']>>[number];

/**
 * Lookups in flight at once per database; more callers wait and share the next round trip. Two,
 * measured: with four, batches were smaller and the API bench fell from ~24k to 17–21k rps.
 */
const MAX_IN_FLIGHT = 2;

/**
 * Every signed-in call reads its token's row, live, so that a revocation or a balance change made
 * by any process shows at once. Under load most of that cost is per round trip (the protocol,
 * the executor start-up, the driver), not per row: so the calls that arrive while lookups are in
 * flight wait for one, then go together in a single `= any($1)` query. An idle server sends a
 * lone call at once, without waiting.
 */
class TokenBatcher {
  private readonly lookup: Lookup;
  private waiting = new Map<string, Array<{ resolve(row: LookupRow | undefined): void; reject(error: unknown): void }>>();
  private inFlight = 0;

  constructor(db: Queryable) {
    this.lookup = prepareLookup(db);
  }

  /** One lookup on its own, at a given time (tests that travel in time). */
  async findAt(tokenHash: string, now: Date): Promise<LookupRow | undefined> {
    return (await this.lookup.execute({ tokenHashes: [tokenHash], now: now.toISOString() }))[0];
  }

  find(tokenHash: string): Promise<LookupRow | undefined> {
    return new Promise((resolve, reject) => {
      const callers = this.waiting.get(tokenHash);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(tokenHash, [{ resolve, reject }]);
      if (this.inFlight < MAX_IN_FLIGHT) this.flush();
    });
  }

  private flush(): void {
    if (this.waiting.size === 0) return;
    const batch = this.waiting;
    this.waiting = new Map();
    this.inFlight++;
    this.lookup
      .execute({ tokenHashes: [...batch.keys()], now: new Date().toISOString() })
      .then(
        (rows) => {
          const found = new Map(rows.map((row) => [row.tokenHash, row]));
          for (const [tokenHash, callers] of batch) for (const caller of callers) caller.resolve(found.get(tokenHash));
        },
        (error: unknown) => {
          for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
        },
      )
      .finally(() => {
        this.inFlight--;
        this.flush();
      });
  }
}

const batchers = new WeakMap<Queryable, TokenBatcher>();

function batcherOf(db: Queryable): TokenBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new TokenBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}

/**
 * The user a token signs in, or null (unknown, expired or revoked); keeps a used token alive.
 * `now` is for tests that travel in time; real calls leave it out and share round trips.
 */
export async function resolveToken(db: Queryable, token: string, now?: Date): Promise<UserRow | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const row = now ? await batcherOf(db).findAt(tokenHash, now) : await batcherOf(db).find(tokenHash);
  if (!row) return null;
  const at = now ?? new Date();
  if (at.getTime() - row.lastUsedAt.getTime() > SLIDE_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: at, expiresAt: new Date(at.getTime() + TOKEN_TTL_MS) })
      .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastUsedAt, at)));
  }
  return row.user;
}

export async function revokeToken(db: Queryable, token: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}
