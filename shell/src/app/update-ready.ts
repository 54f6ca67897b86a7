import type { RemoteName } from '@app/shared';
import { deviceId, type RemoteEntries } from '../federation/remote-entries';

/** At most one question to /remotes.json per this many milliseconds. */
export const UPDATE_CHECK_INTERVAL_MS = 30_000;

/** /remotes.json for this device now, or null when it cannot be read (nothing is concluded then). */
export async function registryNow(origin = window.location.origin): Promise<RemoteEntries | null> {
  try {
    const device = deviceId();
    const res = await fetch(`${origin}/remotes.json${device ? `?device=${encodeURIComponent(device)}` : ''}`, { cache: 'no-cache' });
    if (!res.ok) return null;
    const body = (await res.json()) as Partial<Record<RemoteName, unknown>>;
    const entries = {} as RemoteEntries;
    for (const name of ['create', 'account', 'auth'] as const) {
      const entry = body[name];
      if (typeof entry !== 'string' || entry === '') return null;
      entries[name] = new URL(entry, `${origin}/`).href;
    }
    return entries;
  } catch {
    return null;
  }
}

/**
 * Whether the registry has moved on from the builds this document runs. The document keeps the
 * remotes it registered at start (a page of a remote not yet opened loads from that same build's
 * folder, which the server keeps: one document never mixes two builds of a remote); the new
 * builds are for the next start. Asked at safe moments only — a move to another page, the app
 * coming back to the front — and at most every `intervalMs`.
 */
export class UpdateCheck {
  private last = -Infinity;
  private asking: Promise<boolean> | undefined;

  constructor(
    private readonly registered: Promise<RemoteEntries>,
    private readonly read: () => Promise<RemoteEntries | null> = registryNow,
    private readonly intervalMs = UPDATE_CHECK_INTERVAL_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** True when the registry names another build of any remote; false when it does not, or was not asked (too soon, unreadable). */
  check(): Promise<boolean> {
    if (this.asking) return this.asking;
    if (this.now() - this.last < this.intervalMs) return Promise.resolve(false);
    this.last = this.now();
    this.asking = (async () => {
      try {
        const [running, current] = await Promise.all([this.registered, this.read()]);
        if (!current) return false;
        return (Object.keys(running) as RemoteName[]).some((name) => current[name] !== running[name]);
      } finally {
        this.asking = undefined;
      }
    })();
    return this.asking;
  }
}
