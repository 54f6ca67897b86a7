/** Why a render that holds a lease stopped: the process is stopping, or the lease is no longer ours. */
export type LeaseStop = 'shutdown' | 'lost';

export interface HeldLeaseOptions {
  leaseMs: number;
  /** Extends the lease; false when it is no longer ours. */
  renew(): Promise<boolean>;
  /** The process's stop signal. */
  shutdown: AbortSignal;
  onRenewError(error: unknown): void;
}

/**
 * The stop signal of a render under a lease (a user's task, a template's sample). The lease is
 * renewed every third of its length; the signal aborts with 'shutdown' when the process stops,
 * with 'lost' when a renewal finds the lease taken, or with the caller's own reason. The first
 * reason wins. `release()` ends the renewals.
 */
export function holdLease<Reason extends string = never>(options: HeldLeaseOptions) {
  const controller = new AbortController();
  const stop = (reason: Reason | LeaseStop) => controller.signal.aborted || controller.abort(reason);
  const onShutdown = () => stop('shutdown');
  options.shutdown.addEventListener('abort', onShutdown);
  if (options.shutdown.aborted) stop('shutdown');
  const renewal = setInterval(() => {
    options.renew().then((ours) => ours || stop('lost'), options.onRenewError);
  }, Math.max(1, Math.floor(options.leaseMs / 3)));
  return {
    signal: controller.signal,
    stop,
    release(): void {
      clearInterval(renewal);
      options.shutdown.removeEventListener('abort', onShutdown);
    },
  };
}
