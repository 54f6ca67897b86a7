import { eq } from 'drizzle-orm';
import { rateLimitHits } from '../../../src/db/schema.js';
import { RateLimitedError } from '../../../src/lib/errors.js';
import { assertNotLimited, recordHit } from '../../../src/modules/rate-limit/rate-limit.js';
import { describeEngines, type EngineContext } from '../../helpers/engines.js';

const MINUTE = 60 * 1000;
let keyCounter = 0;
const freshKey = () => `test:${process.pid}:${(keyCounter += 1)}`;

async function retryAfterOf(promise: Promise<void>): Promise<number> {
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

  it('lets attempts through until max hits are in the window', async () => {
    const limit = { key: freshKey(), max: 3, windowMs: 10 * MINUTE };
    for (let i = 0; i < 3; i += 1) {
      await expect(assertNotLimited(ctx.db(), limit, at(i * MINUTE))).resolves.toBeUndefined();
      await recordHit(ctx.db(), limit.key, at(i * MINUTE));
    }
    await expect(assertNotLimited(ctx.db(), limit, at(3 * MINUTE))).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('answers Retry-After as the time until the oldest hit leaves the window', async () => {
    const limit = { key: freshKey(), max: 2, windowMs: 10 * MINUTE };
    await recordHit(ctx.db(), limit.key, at(0));
    await recordHit(ctx.db(), limit.key, at(4 * MINUTE));
    expect(await retryAfterOf(assertNotLimited(ctx.db(), limit, at(5 * MINUTE)))).toBe(5 * 60);
    expect(await retryAfterOf(assertNotLimited(ctx.db(), limit, at(10 * MINUTE - 1500)))).toBe(2);
    expect(await retryAfterOf(assertNotLimited(ctx.db(), limit, at(10 * MINUTE - 1)))).toBe(1);
  });

  it('slides: each hit leaving the window frees an attempt', async () => {
    const limit = { key: freshKey(), max: 2, windowMs: 10 * MINUTE };
    await recordHit(ctx.db(), limit.key, at(0));
    await recordHit(ctx.db(), limit.key, at(4 * MINUTE));
    await expect(assertNotLimited(ctx.db(), limit, at(10 * MINUTE))).resolves.toBeUndefined();
    await recordHit(ctx.db(), limit.key, at(10 * MINUTE));
    expect(await retryAfterOf(assertNotLimited(ctx.db(), limit, at(11 * MINUTE)))).toBe(3 * 60);
    await expect(assertNotLimited(ctx.db(), limit, at(14 * MINUTE))).resolves.toBeUndefined();
  });

  it('keeps keys apart', async () => {
    const a = { key: freshKey(), max: 1, windowMs: MINUTE };
    const b = { key: freshKey(), max: 1, windowMs: MINUTE };
    await recordHit(ctx.db(), a.key, t0);
    await expect(assertNotLimited(ctx.db(), a, t0)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(assertNotLimited(ctx.db(), b, t0)).resolves.toBeUndefined();
  });

  it('counts a hit stamped a little after `now` (another process, its clock ahead) as in the window', async () => {
    const limit = { key: freshKey(), max: 1, windowMs: MINUTE };
    await recordHit(ctx.db(), limit.key, at(30 * 1000));
    await expect(assertNotLimited(ctx.db(), limit, t0)).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('forgets hits older than a day now and then', async () => {
    const key = freshKey();
    await recordHit(ctx.db(), key, at(-25 * 60 * MINUTE));
    await recordHit(ctx.db(), key, at(-23 * 60 * MINUTE));
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      await recordHit(ctx.db(), key, t0);
      expect(await hitsOf(ctx, key)).toHaveLength(3);
      random.mockReturnValue(0);
      await recordHit(ctx.db(), key, t0);
    } finally {
      random.mockRestore();
    }
    const left = await hitsOf(ctx, key);
    expect(left.map((hit) => hit.at.getTime()).sort()).toEqual([at(-23 * 60 * MINUTE).getTime(), t0.getTime(), t0.getTime()]);
  });
});
