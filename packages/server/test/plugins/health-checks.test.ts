import { runHealthChecks } from '../../src/plugins/health-checks.js';

describe('runHealthChecks', () => {
  it('answers no errors when every check passes (or there is none)', async () => {
    await expect(runHealthChecks([])).resolves.toEqual([]);
    await expect(runHealthChecks([async () => undefined, async () => undefined])).resolves.toEqual([]);
  });

  it('answers the error of each failed check', async () => {
    const down = new Error('database down');
    await expect(runHealthChecks([async () => undefined, async () => Promise.reject(down)])).resolves.toEqual([down]);
  });

  it('counts a check that throws synchronously as failed', async () => {
    const check = (() => {
      throw new Error('sync');
    }) as () => Promise<void>;
    await expect(runHealthChecks([check])).resolves.toEqual([new Error('sync')]);
  });

  it('counts a check that hangs as failed', async () => {
    const hangs = () => new Promise<void>(() => undefined);
    await expect(runHealthChecks([hangs], 20)).resolves.toEqual([new Error('health check timed out after 20 ms')]);
  });
});
