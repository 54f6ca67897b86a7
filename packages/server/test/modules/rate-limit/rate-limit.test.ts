import { eq } from 'drizzle-orm';
import { rateLimitHits } from '../../../src/db/schema.js';
import { RateLimitedError } from '../../../src/lib/errors.js';
import { countAttempt, releaseAttempt, reserveAttempt, settleAttempt, type Limit } from '../../../src/modules/rate-limit/rate-limit.js';
import { describeEngines, type EngineContext } from '../../helpers/engines.js';
import { openDatabase } from '../../../src/db/database.js';

const MINUTE = 60 * 1000;
let keyCounter = 0;
const freshKey = () => `test:${process.pid}:${(keyCounter += 1)}`;

async function retryAfterOf(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof RateLimitedError)) throw new Error(`expected RateLimitedError, got ${String(error)}`);
  return error.retryAfterSeconds;
}

async function hitsOf(ctx: EngineContext, key: string) {
  return ctx.db().select().from(rateLimitHits).where(eq(rateLimitHits.key, key));
}

describeEngines('database rate limits', (ctx) => {
  const t0 = new Date('2030-01-01T12:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  /** An attempt that failed: reserved, then settled (as a wrong password is). */
  const fail = async (limit: Limit, now: Date) => {
    const attempt = await reserveAttempt(ctx.db(), limit, now);
    await settleAttempt(ctx.db(), attempt);
    return attempt;
  };
  const reserve = fail;

  it('lets attempts through until max are in the window, each one counted', async () => {
    const limit = { key: freshKey(), max: 3, windowMs: 10 * MINUTE };
    for (let i = 0; i < 3; i += 1) await reserve(limit, at(i * MINUTE));
    expect(await hitsOf(ctx, limit.key)).toHaveLength(3);
    await expect(reserve(limit, at(3 * MINUTE))).rejects.toBeInstanceOf(RateLimitedError);
    // A refused attempt is not counted.
    expect(await hitsOf(ctx, limit.key)).toHaveLength(3);
  });

  it('answers Retry-After as the time until the oldest hit leaves the window', async () => {
    const limit = { key: freshKey(), max: 2, windowMs: 10 * MINUTE };
    await reserve(limit, at(0));
    await reserve(limit, at(4 * MINUTE));
    expect(await retryAfterOf(reserve(limit, at(5 * MINUTE)))).toBe(5 * 60);
    expect(await retryAfterOf(reserve(limit, at(10 * MINUTE - 1500)))).toBe(2);
    expect(await retryAfterOf(reserve(limit, at(10 * MINUTE - 1)))).toBe(1);
  });

  it('slides: each hit leaving the window frees an attempt', async () => {
    const limit = { key: freshKey(), max: 2, windowMs: 10 * MINUTE };
    await reserve(limit, at(0));
    await reserve(limit, at(4 * MINUTE));
    await reserve(limit, at(10 * MINUTE));
    expect(await retryAfterOf(reserve(limit, at(11 * MINUTE)))).toBe(3 * 60);
    await expect(reserve(limit, at(14 * MINUTE))).resolves.toEqual(expect.any(Number));
  });

  it('keeps keys apart', async () => {
    const a = { key: freshKey(), max: 1, windowMs: MINUTE };
    const b = { key: freshKey(), max: 1, windowMs: MINUTE };
    await reserve(a, t0);
    await expect(reserve(a, t0)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(reserve(b, t0)).resolves.toEqual(expect.any(Number));
  });

  it('counts a hit stamped a little after `now` (another process, its clock ahead) as in the window', async () => {
    const limit = { key: freshKey(), max: 1, windowMs: MINUTE };
    await reserve(limit, at(30 * 1000));
    // Refused, for no longer than a window.
    expect(await retryAfterOf(reserve(limit, t0))).toBe(60);
  });

  it('gives a released attempt back', async () => {
    const limit = { key: freshKey(), max: 2, windowMs: MINUTE };
    const first = await reserveAttempt(ctx.db(), limit, t0);
    await fail(limit, t0);
    await releaseAttempt(ctx.db(), first);
    expect(await hitsOf(ctx, limit.key)).toHaveLength(1);
    await fail(limit, t0);
    await expect(reserve(limit, t0)).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('counts attempts still in flight: a reservation waits for one to be released, and gets its place', async () => {
    const limit = { key: freshKey(), max: 2, windowMs: 10 * MINUTE };
    const inFlight = [await reserveAttempt(ctx.db(), limit, t0), await reserveAttempt(ctx.db(), limit, t0)];
    let third: number | undefined;
    const waiting = reserveAttempt(ctx.db(), limit, t0).then((id) => (third = id));
    // It cannot get past two attempts in flight (nor, waiting, add a hit).
    expect(await hitsOf(ctx, limit.key)).toHaveLength(2);
    expect(third).toBeUndefined();
    await releaseAttempt(ctx.db(), inFlight[0]!);
    await waiting;
    expect((await hitsOf(ctx, limit.key)).map((hit) => hit.id).sort()).toEqual([inFlight[1], third].sort());
  });

  it('refuses once the attempts in flight it waited for fail, or after waitMs', async () => {
    const limit = { key: freshKey(), max: 1, windowMs: 10 * MINUTE };
    const inFlight = await reserveAttempt(ctx.db(), limit, t0);
    await expect(reserveAttempt(ctx.db(), limit, t0, 50)).rejects.toBeInstanceOf(RateLimitedError);
    const waiting = reserveAttempt(ctx.db(), limit, t0);
    await settleAttempt(ctx.db(), inFlight);
    expect(await retryAfterOf(waiting)).toBe(600);
  });

  it('counts an attempt pending for over a minute (its process died mid-check) as a failure', async () => {
    const limit = { key: freshKey(), max: 1, windowMs: 10 * MINUTE };
    await reserveAttempt(ctx.db(), limit, t0);
    // Refused at once (no wait for it to settle): Retry-After as for any failure.
    expect(await retryAfterOf(reserveAttempt(ctx.db(), limit, at(2 * MINUTE), 60 * MINUTE))).toBe(8 * 60);
  });

  it('counts attempts that are over when made (countAttempt) at once', async () => {
    const limit = { key: freshKey(), max: 2, windowMs: MINUTE };
    await countAttempt(ctx.db(), limit, t0);
    await countAttempt(ctx.db(), limit, t0);
    expect(await retryAfterOf(countAttempt(ctx.db(), limit, t0))).toBe(60);
    expect((await hitsOf(ctx, limit.key)).every((hit) => !hit.pending)).toBe(true);
  });

  it('lets exactly max of 150 failing attempts sent at once through', async () => {
    const limit = { key: freshKey(), max: 5, windowMs: 10 * MINUTE };
    const results = await Promise.allSettled(Array.from({ length: 150 }, () => fail(limit, t0)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RateLimitedError);
    expect(await hitsOf(ctx, limit.key)).toHaveLength(5);
  });

  it('lets all of 30 succeeding attempts sent at once through, at most max at a time', async () => {
    const limit = { key: freshKey(), max: 5, windowMs: 10 * MINUTE };
    let inFlight = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        const attempt = await reserveAttempt(ctx.db(), limit, t0);
        most = Math.max(most, (inFlight += 1));
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        await releaseAttempt(ctx.db(), attempt);
      }),
    );
    expect(most).toBeLessThanOrEqual(5);
    expect(await hitsOf(ctx, limit.key)).toHaveLength(0);
  });

  it('forgets hits older than a day now and then', async () => {
    const key = freshKey();
    const limit = { key, max: 100, windowMs: MINUTE };
    await reserve(limit, at(-25 * 60 * MINUTE));
    await reserve(limit, at(-23 * 60 * MINUTE));
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      await reserve(limit, t0);
      expect(await hitsOf(ctx, key)).toHaveLength(3);
      random.mockReturnValue(0);
      await reserve(limit, t0);
    } finally {
      random.mockRestore();
    }
    const left = await hitsOf(ctx, key);
    expect(left.map((hit) => hit.at.getTime()).sort()).toEqual([at(-23 * 60 * MINUTE).getTime(), t0.getTime(), t0.getTime()]);
  });

  it('holds across connection pools on one database (as across API processes)', async () => {
    const url = ctx.databaseUrl();
    if (url === undefined) return; // one PGlite belongs to one process
    const other = await openDatabase({ databaseUrl: url, poolSize: 10 });
    try {
      const limit = { key: freshKey(), max: 5, windowMs: 10 * MINUTE };
      const results = await Promise.allSettled(
        Array.from({ length: 120 }, async (_, i) => {
          const db = i % 2 === 0 ? ctx.db() : other.db;
          await settleAttempt(db, await reserveAttempt(db, limit, t0));
        }),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    } finally {
      await other.close();
    }
  });
});
