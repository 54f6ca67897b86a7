import type { Db } from '../../src/db/database.js';
import { createBatch, type NewBatch } from '../../src/modules/codes/code-batches.js';

/**
 * Fresh activation codes. `endsAt` may lie in the past (an expired batch): the batch is then
 * made "as of" a moment before it, since createBatch refuses an end that has passed.
 */
export async function makeCodes(db: Db, batch: Partial<NewBatch> = {}): Promise<string[]> {
  const full: NewBatch = { points: 10, days: 0, count: 1, endsAt: null, note: '', ...batch };
  const madeAt = full.endsAt && full.endsAt.getTime() <= Date.now() ? new Date(full.endsAt.getTime() - 60_000) : new Date();
  return (await createBatch(db, full, madeAt)).codes;
}

export async function makeCode(db: Db, batch: Partial<NewBatch> = {}): Promise<string> {
  const [code] = await makeCodes(db, { ...batch, count: 1 });
  if (!code) throw new Error('makeCode: no code made');
  return code;
}
