import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../../src/db/schema.js';
import { hashToken, issueToken, newToken, resolveToken, revokeToken, TOKEN_TTL_MS } from '../../../src/modules/sessions/tokens.js';
import { describeEngines, uniquePhone, type EngineContext } from '../../helpers/engines.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

async function newUser(ctx: EngineContext) {
  const [user] = await ctx.db().insert(users).values({ phone: uniquePhone(), passwordHash: 'x', nickname: '某人' }).returning();
  return user!;
}

async function sessionOf(ctx: EngineContext, token: string) {
  const [row] = await ctx.db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  return row!;
}

describe('newToken and hashToken', () => {
  it('makes 256-bit URL-safe tokens, all different', () => {
    const tokens = Array.from({ length: 100 }, newToken);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(tokens.every((t) => /^[A-Za-z0-9_-]{43}$/.test(t))).toBe(true);
    expect(new Set(tokens).size).toBe(100);
  });

  it('hashes with SHA-256 (hex)', () => {
    expect(hashToken('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});

describeEngines('sign-in tokens', (ctx) => {
  it('issues a token stored only as its hash, valid 30 days', async () => {
    const user = await newUser(ctx);
    const now = new Date('2030-01-01T00:00:00Z');
    const token = await issueToken(ctx.db(), user.id, now);
    const rows = await ctx.db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toEqual([
      expect.objectContaining({ tokenHash: hashToken(token), createdAt: now, lastUsedAt: now, expiresAt: new Date(now.getTime() + 30 * DAY), revokedAt: null }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(TOKEN_TTL_MS).toBe(30 * DAY);
  });

  it('resolves a token to its user', async () => {
    const user = await newUser(ctx);
    const token = await issueToken(ctx.db(), user.id);
    expect(await resolveToken(ctx.db(), token)).toEqual(user);
  });

  it.each([
    ['empty', ''],
    ['unknown', newToken()],
    ['over 200 characters', 'x'.repeat(201)],
  ])('resolves an %s token to null', async (_, token) => {
    expect(await resolveToken(ctx.db(), token)).toBeNull();
  });

  it('answers many concurrent calls (batched lookups) each with its own user, null for revoked and unknown', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => newUser(ctx)));
    const tokens = await Promise.all(people.map((user) => issueToken(ctx.db(), user.id)));
    await revokeToken(ctx.db(), tokens[3]!);
    const calls = [...tokens, ...tokens, newToken(), hashToken(tokens[0]!)];
    const answers = await Promise.all(calls.map((token) => resolveToken(ctx.db(), token)));
    const expected = [...people, ...people].map((user, i) => (i % 12 === 3 ? null : user));
    expect(answers).toEqual([...expected, null, null]);
  });

  it('does not take the stored hash for the token', async () => {
    const user = await newUser(ctx);
    const token = await issueToken(ctx.db(), user.id);
    expect(await resolveToken(ctx.db(), hashToken(token))).toBeNull();
  });

  it('expires 30 days after the last use', async () => {
    const user = await newUser(ctx);
    const issued = new Date('2030-03-01T00:00:00Z');
    const token = await issueToken(ctx.db(), user.id, issued);
    expect(await resolveToken(ctx.db(), token, new Date(issued.getTime() + 30 * DAY - 1000))).toEqual(user);
    // That use moved the expiry: 29 more days are fine, then it runs out.
    const used = issued.getTime() + 30 * DAY - 1000;
    expect(await resolveToken(ctx.db(), token, new Date(used + 30 * DAY - 1000))).toEqual(user);
    const lastUse = used + 30 * DAY - 1000;
    expect(await resolveToken(ctx.db(), token, new Date(lastUse + 30 * DAY))).toBeNull();
    expect(await resolveToken(ctx.db(), token, new Date(lastUse + 31 * DAY))).toBeNull();
  });

  it('slides the expiry at most once an hour', async () => {
    const user = await newUser(ctx);
    const issued = new Date('2030-05-01T00:00:00Z');
    const token = await issueToken(ctx.db(), user.id, issued);

    await resolveToken(ctx.db(), token, new Date(issued.getTime() + 30 * 60 * 1000));
    expect((await sessionOf(ctx, token)).expiresAt).toEqual(new Date(issued.getTime() + 30 * DAY));

    const later = new Date(issued.getTime() + 2 * HOUR);
    await resolveToken(ctx.db(), token, later);
    const row = await sessionOf(ctx, token);
    expect(row.lastUsedAt).toEqual(later);
    expect(row.expiresAt).toEqual(new Date(later.getTime() + 30 * DAY));
  });

  it('never moves the expiry back when an older request resolves late', async () => {
    const user = await newUser(ctx);
    const issued = new Date('2030-06-01T00:00:00Z');
    const token = await issueToken(ctx.db(), user.id, issued);
    const late = new Date(issued.getTime() + 5 * HOUR);
    await resolveToken(ctx.db(), token, late);
    await resolveToken(ctx.db(), token, new Date(issued.getTime() + 3 * HOUR));
    expect((await sessionOf(ctx, token)).expiresAt).toEqual(new Date(late.getTime() + 30 * DAY));
  });

  it('revokes one token, not the user’s others', async () => {
    const user = await newUser(ctx);
    const [a, b] = [await issueToken(ctx.db(), user.id), await issueToken(ctx.db(), user.id)];
    const when = new Date();
    await revokeToken(ctx.db(), a, when);
    expect(await resolveToken(ctx.db(), a)).toBeNull();
    expect(await resolveToken(ctx.db(), b)).toEqual(user);
    expect((await sessionOf(ctx, a)).revokedAt).toEqual(when);
    // Revoking again keeps the first time.
    await revokeToken(ctx.db(), a, new Date(when.getTime() + DAY));
    expect((await sessionOf(ctx, a)).revokedAt).toEqual(when);
  });

  it('revoking an unknown token does nothing', async () => {
    await expect(revokeToken(ctx.db(), newToken())).resolves.toBeUndefined();
  });
});
