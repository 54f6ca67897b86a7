import { Doorbell } from '../../src/workers/doorbell.js';

// Waits of an hour: a waiter that returns did so at a ring, not at its timeout.
const HOUR = 3_600_000;

describe('Doorbell', () => {
  afterEach(() => jest.useRealTimers());

  it('wakes a waiter at the ring', async () => {
    const bell = new Doorbell();
    const waiting = bell.wait(HOUR, bell.mark());
    setTimeout(() => bell.ring(), 20);
    await waiting;
  });

  it('returns at once for a ring that came after the mark (a task queued while the worker was looking)', async () => {
    const bell = new Doorbell();
    const mark = bell.mark();
    bell.ring();
    await bell.wait(HOUR, mark);
  });

  it('returns after the timeout when nobody rings', async () => {
    jest.useFakeTimers();
    const bell = new Doorbell();
    const returned = jest.fn();
    void bell.wait(60, bell.mark()).then(returned);
    await jest.advanceTimersByTimeAsync(59);
    expect(returned).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(returned).toHaveBeenCalled();
  });

  it('wakes every waiter', async () => {
    const bell = new Doorbell();
    const mark = bell.mark();
    const all = Promise.all([bell.wait(HOUR, mark), bell.wait(HOUR, mark), bell.wait(HOUR, mark)]);
    bell.ring();
    await all;
  });
});
