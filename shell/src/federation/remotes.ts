import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { PageDef, RemoteName } from '@app/shared';

/** Federation container name of each remote (its webpack config's `name`). */
export const CONTAINERS: Record<RemoteName, string> = {
  create: 'remoteCreate',
  account: 'remoteAccount',
  auth: 'remoteAuth',
};

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

let entries: RemoteEntries | undefined;

export function registerAll(found: RemoteEntries): void {
  entries = found;
  registerRemotes(
    (Object.keys(CONTAINERS) as RemoteName[]).map((name) => ({ name: CONTAINERS[name], entry: found[name] })),
  );
}

/**
 * Forget a remote that failed to load, so the next load fetches its entry again (the runtime
 * would otherwise keep answering with the failure).
 */
export function resetRemote(name: RemoteName): void {
  if (!entries) return;
  registerRemotes([{ name: CONTAINERS[name], entry: entries[name] }], { force: true });
}

/** The page's component, from its remote's exposed module. */
export async function loadPageComponent(page: PageDef): Promise<ComponentType> {
  const mod = await loadRemote<{ default?: ComponentType }>(`${CONTAINERS[page.remote]}/${page.module.replace(/^\.\//, '')}`);
  if (!mod?.default) throw new Error(`${page.remote}${page.module.slice(1)} has no default export`);
  return mod.default;
}
