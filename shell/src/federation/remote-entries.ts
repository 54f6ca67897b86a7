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

/** Reads the remotes' entry URLs at run time, so each remote can be deployed on its own. */
export async function fetchRemoteEntries(origin = window.location.origin): Promise<RemoteEntries> {
  const fallback = defaultEntries(origin);
  try {
    const device = deviceId();
    const res = await fetch(`${origin}/remotes.json${device ? `?device=${encodeURIComponent(device)}` : ''}`, { cache: 'no-cache' });
    if (!res.ok) return fallback;
    const body = (await res.json()) as Partial<RemoteEntries>;
    const pick = (name: RemoteName) =>
      typeof body[name] === 'string' && body[name] ? new URL(body[name]!, `${origin}/`).href : fallback[name];
    return { create: pick('create'), account: pick('account'), auth: pick('auth') };
  } catch {
    return fallback;
  }
}
