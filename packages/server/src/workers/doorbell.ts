/**
 * Wakes idle workers. `wait` returns at the first ring, after `ms`, or at once if a ring came
 * since the caller's `mark()` — so a task queued while a worker was busy looking is not missed.
 */
export class Doorbell {
  private rings = 0;
  private waiters = new Set<() => void>();

  /** The ring count now; pass it to `wait`. */
  mark(): number {
    return this.rings;
  }

  ring(): void {
    this.rings += 1;
    for (const wake of [...this.waiters]) wake();
  }

  wait(ms: number, since: number): Promise<void> {
    if (this.rings !== since) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
}
