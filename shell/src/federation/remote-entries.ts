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

/** Reads the remotes' entry URLs at run time, so each remote can be deployed on its own. */
export async function fetchRemoteEntries(origin = window.location.origin): Promise<RemoteEntries> {
  const fallback = defaultEntries(origin);
  try {
    const res = await fetch(`${origin}/remotes.json`, { cache: 'no-cache' });
    if (!res.ok) return fallback;
    const body = (await res.json()) as Partial<RemoteEntries>;
    const pick = (name: RemoteName) =>
      typeof body[name] === 'string' && body[name] ? new URL(body[name]!, `${origin}/`).href : fallback[name];
    return { create: pick('create'), account: pick('account'), auth: pick('auth') };
  } catch {
    return fallback;
  }
}
