import { Doorbell } from '../../src/workers/doorbell.js';

describe('Doorbell', () => {
  it('wakes a waiter at the ring', async () => {
    const bell = new Doorbell();
    const started = Date.now();
    const waiting = bell.wait(5000, bell.mark());
    setTimeout(() => bell.ring(), 20);
    await waiting;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('returns at once for a ring that came after the mark (a task queued while the worker was looking)', async () => {
    const bell = new Doorbell();
    const mark = bell.mark();
    bell.ring();
    const started = Date.now();
    await bell.wait(5000, mark);
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('returns after the timeout when nobody rings', async () => {
    const bell = new Doorbell();
    const started = Date.now();
    await bell.wait(60, bell.mark());
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('wakes every waiter', async () => {
    const bell = new Doorbell();
    const mark = bell.mark();
    const all = Promise.all([bell.wait(5000, mark), bell.wait(5000, mark), bell.wait(5000, mark)]);
    bell.ring();
    await all;
  });
});
