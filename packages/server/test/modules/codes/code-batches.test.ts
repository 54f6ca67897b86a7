import { eq } from 'drizzle-orm';
import { activationCodes } from '../../../src/db/schema.js';
import { BusinessError } from '../../../src/lib/errors.js';
import { createBatch, listBatches } from '../../../src/modules/codes/code-batches.js';
import { makeCodes } from '../../helpers/codes.js';
import { describeEngines } from '../../helpers/engines.js';
import { signedInUser } from '../../helpers/users.js';

describeEngines('code batches', (ctx) => {
  it('makes `count` distinct, well-formed codes stored under the batch', async () => {
    const endsAt = new Date(Date.now() + 3600_000);
    const { batch, codes } = await createBatch(ctx.db(), { points: 100, days: 30, count: 25, endsAt, note: '春节活动' });
    expect(batch).toEqual({
      id: expect.stringMatching(/^\d+$/),
      points: 100,
      days: 30,
      count: 25,
      endsAt: endsAt.getTime(),
      note: '春节活动',
      createdAt: expect.any(Number),
      unused: 25,
      used: 0,
      disabled: 0,
      expired: 0,
    });
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    const stored = await ctx.db().select().from(activationCodes).where(eq(activationCodes.batchId, Number(batch.id)));
    expect(stored.map((r) => r.code).sort()).toEqual([...codes].sort());
  });

  it('makes large batches in several inserts', async () => {
    const { codes } = await createBatch(ctx.db(), { points: 1, days: 0, count: 2500, endsAt: null, note: '' });
    expect(new Set(codes).size).toBe(2500);
  });

  it('refuses a batch that grants nothing, or ends in the past (rspCode 2)', async () => {
    await expect(createBatch(ctx.db(), { points: 0, days: 0, count: 1, endsAt: null, note: '' })).rejects.toEqual(
      new BusinessError(2, '积分和会员天数不能都为 0'),
    );
    await expect(createBatch(ctx.db(), { points: 1, days: 0, count: 1, endsAt: new Date(Date.now() - 1), note: '' })).rejects.toEqual(
      new BusinessError(2, '截止时间必须晚于现在'),
    );
  });

  it('lists batches newest first with the count of codes in each state', async () => {
    const live = await makeCodes(ctx.db(), { points: 5, count: 4, note: 'live' });
    const old = await makeCodes(ctx.db(), { points: 5, count: 3, endsAt: new Date(Date.now() - 1000), note: 'old' });
    const { user } = await signedInUser(ctx.db());
    const now = new Date();
    await ctx.db().update(activationCodes).set({ redeemedBy: user.id, redeemedAt: now }).where(eq(activationCodes.code, live[0]!));
    await ctx.db().update(activationCodes).set({ disabledAt: now }).where(eq(activationCodes.code, live[1]!));
    await ctx.db().update(activationCodes).set({ redeemedBy: user.id, redeemedAt: now }).where(eq(activationCodes.code, old[0]!));

    const { list, total } = await listBatches(ctx.db(), 1, 2);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(list.map(({ note, count, unused, used, disabled, expired }) => ({ note, count, unused, used, disabled, expired }))).toEqual([
      { note: 'old', count: 3, unused: 0, used: 1, disabled: 0, expired: 2 },
      { note: 'live', count: 4, unused: 2, used: 1, disabled: 1, expired: 0 },
    ]);
  });
});
