import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';

/** A token is valid for 30 days from its last use (API.md). */
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
 * server's time under load).
 */
function prepareLookup(db: Queryable) {
  return db
    .select({ user: users, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('resolve_token');
}

const lookups = new WeakMap<Queryable, ReturnType<typeof prepareLookup>>();

function tokenLookup(db: Queryable): ReturnType<typeof prepareLookup> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  return lookup;
}

/** The user a token signs in, or null (unknown, expired or revoked); keeps a used token alive. */
export async function resolveToken(db: Queryable, token: string, now = new Date()): Promise<UserRow | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const [row] = await tokenLookup(db).execute({ tokenHash, now: now.toISOString() });
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > SLIDE_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS) })
      .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastUsedAt, now)));
  }
  return row.user;
}

export async function revokeToken(db: Queryable, token: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}
