import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { PageDef, RemoteName } from '@app/shared';
import type { RemoteEntries } from './remote-entries';

/** Federation container name of each remote (its webpack config's `name`). */
export const CONTAINERS: Record<RemoteName, string> = {
  create: 'remoteCreate',
  account: 'remoteAccount',
  auth: 'remoteAuth',
};

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
