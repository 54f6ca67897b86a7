import { progressReporter } from '../../src/workers/progress-reporter.js';

describe('progressReporter', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  const setup = (answer: () => Promise<boolean> = async () => true) => {
    const writes: number[] = [];
    const lost = jest.fn();
    const errors: unknown[] = [];
    const report = progressReporter({
      everyMs: 500,
      write: (percent) => {
        writes.push(percent);
        return answer();
      },
      onLost: lost,
      onError: (error) => errors.push(error),
    });
    return { report, writes, lost, errors };
  };
  const settle = () => new Promise((resolve) => jest.requireActual<typeof import('node:timers')>('node:timers').setImmediate(resolve));

  it('writes whole percents at most every 500 ms', async () => {
    const { report, writes } = setup();
    for (let p = 1; p <= 20; p++) report(p + 0.5);
    await settle();
    jest.advanceTimersByTime(499);
    report(30);
    await settle();
    jest.advanceTimersByTime(1);
    report(31.9);
    await settle();
    expect(writes).toEqual([1, 31]);
  });

  it('never writes 100 (the result does) nor a step backwards', async () => {
    const { report, writes } = setup();
    report(100);
    await settle();
    jest.advanceTimersByTime(500);
    report(50);
    await settle();
    expect(writes).toEqual([99]);
  });

  it('does not start a write while one is in flight', async () => {
    let finish!: (held: boolean) => void;
    const { report, writes } = setup(() => new Promise((resolve) => (finish = resolve)));
    report(10);
    jest.advanceTimersByTime(1000);
    report(20);
    expect(writes).toEqual([10]);
    finish(true);
    await settle();
    report(30);
    expect(writes).toEqual([10, 30]);
  });

  it('calls onLost when the task is no longer ours, and onError when the write fails', async () => {
    const lostCase = setup(async () => false);
    lostCase.report(10);
    await settle();
    expect(lostCase.lost).toHaveBeenCalledTimes(1);

    const failing = setup(async () => {
      throw new Error('connection reset');
    });
    failing.report(10);
    await settle();
    expect(failing.errors).toHaveLength(1);
    expect(failing.lost).not.toHaveBeenCalled();
  });
});
