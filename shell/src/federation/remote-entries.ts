import type { RemoteName } from '@app/shared';

/**
 * Where the remotes live, read at run time from /remotes.json so each can be deployed on its own.
 * No federation or shared module here: the entry starts this request before anything else loads.
 */
export type RemoteEntries = Record<RemoteName, string>;

/** Where each remote lives when /remotes.json cannot be read: beside the shell, on this server. */
export function defaultEntries(origin: string): RemoteEntries {
  return {
    create: `${origin}/remotes/create/remoteEntry.js`,
    account: `${origin}/remotes/account/remoteEntry.js`,
    auth: `${origin}/remotes/auth/remoteEntry.js`,
  };
}

const DEVICE_KEY = 'app.deviceId';

/**
 * This browser's device id, kept in localStorage: the server puts a device in a remote's canary
 * or not by it, the same way every time. Without storage (private mode), none: the stable builds.
 */
export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      // getRandomValues, not randomUUID: the latter needs a secure context (https or localhost).
      id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

const LAST_ENTRIES_KEY = 'app.remoteEntries';

/**
 * The entries /remotes.json last answered in this browser, else defaultEntries: each remote build
 * is served from a folder of its own (`/remotes/<name>/<version>-<hash>/`), so the last builds seen
 * — whose files the service worker may hold — are a better guess offline than a fixed address.
 */
function lastEntries(origin: string): RemoteEntries {
  const fallback = defaultEntries(origin);
  try {
    const saved = JSON.parse(localStorage.getItem(LAST_ENTRIES_KEY) ?? '{}') as Partial<Record<RemoteName, unknown>>;
    const pick = (name: RemoteName) => (typeof saved[name] === 'string' && saved[name] ? (saved[name] as string) : fallback[name]);
    return { create: pick('create'), account: pick('account'), auth: pick('auth') };
  } catch {
    return fallback;
  }
}

/** What /remotes.json answered: the entries, and whether this server allows a tab's overrides (federation/overrides.ts). */
export interface RegistryAnswer {
  entries: RemoteEntries;
  overrides: boolean;
}

/** Reads the remotes' entry URLs at run time, so each remote can be deployed on its own. */
export async function fetchRegistry(origin = window.location.origin): Promise<RegistryAnswer> {
  const fallback = { entries: lastEntries(origin), overrides: false };
  try {
    const device = deviceId();
    const res = await fetch(`${origin}/remotes.json${device ? `?device=${encodeURIComponent(device)}` : ''}`, { cache: 'no-cache' });
    if (!res.ok) return fallback;
    const body = (await res.json()) as Partial<RemoteEntries> & { overrides?: unknown };
    const pick = (name: RemoteName) =>
      typeof body[name] === 'string' && body[name] ? new URL(body[name]!, `${origin}/`).href : fallback.entries[name];
    const entries = { create: pick('create'), account: pick('account'), auth: pick('auth') };
    try {
      localStorage.setItem(LAST_ENTRIES_KEY, JSON.stringify(entries));
    } catch {
      // No storage (private mode): the fixed defaults offline.
    }
    return { entries, overrides: body.overrides === true };
  } catch {
    return fallback;
  }
}

/** The entries alone (fetchRegistry). */
export async function fetchRemoteEntries(origin = window.location.origin): Promise<RemoteEntries> {
  return (await fetchRegistry(origin)).entries;
}
