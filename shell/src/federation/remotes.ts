import { getInstance, loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import type { ComponentType } from 'react';
import { compatProblems, entryUrlOf, manifestUrlOf, manifestVersion, type RemoteManifest } from '@app/contract';
import { PAGES, type PageDef, type RemoteName } from '@app/shared';
import { LoadFailure } from './load-failure';
import type { RemoteEntries } from './remote-entries';

/** Federation container name of each remote (its webpack config's `name`). */
export const CONTAINERS: Record<RemoteName, string> = {
  create: 'remoteCreate',
  account: 'remoteAccount',
  auth: 'remoteAuth',
};

/** Automatic attempts after a failed entry or chunk, before the page shows its error. */
export const LOAD_RETRIES = 2;
export const RETRY_DELAY_MS = 400;

let entries: RemoteEntries | undefined;
/** Each remote's manifest check, once per registration (a failed one is forgotten: a tap asks again). */
const checks = new Map<RemoteName, Promise<string>>();
/** The version of each remote as its manifest states it: what failures are reported under. */
const versions = new Map<RemoteName, string>();

export function registerAll(found: RemoteEntries): void {
  entries = found;
  // The federation's own retry plugin (0.17.1; the hooks it uses — loadEntryError, getModuleFactory
  // — are the same in runtime 2.9.2, and browser tests show it at work): the chunks behind an
  // exposed module are asked for LOAD_RETRIES more times (webpack forgets a chunk that failed, so
  // asking the container again fetches it again), a remoteEntry.js LOAD_RETRIES + 1 more times (the
  // plugin's loop for an entry runs once more), each after RETRY_DELAY_MS, before the page says why.
  registerPlugins([RetryPlugin({ script: { retryTimes: LOAD_RETRIES, retryDelay: RETRY_DELAY_MS } })]);
  registerRemotes(
    (Object.keys(CONTAINERS) as RemoteName[]).map((name) => ({ name: CONTAINERS[name], entry: found[name] })),
  );
}

/**
 * Forget a remote that failed to load, so the next load fetches its manifest and entry again (the
 * runtime would otherwise keep answering with the failure).
 */
export function resetRemote(name: RemoteName): void {
  checks.delete(name);
  if (!entries) return;
  registerRemotes([{ name: CONTAINERS[name], entry: entries[name] }], { force: true });
}

/** The version of a remote's build in use ('' before its manifest was read, or when it states none). */
export function remoteVersion(name: RemoteName): string {
  return versions.get(name) ?? '';
}

/** The shared modules this shell provides, at their versions (what a remote's requirements are checked against). */
export function providedShared(): Map<string, string> {
  const provided = new Map<string, string>();
  const instance = getInstance();
  if (!instance) return provided;
  for (const [pkg, copies] of Object.entries(instance.options.shared)) {
    const own = copies.find((c) => c.from === instance.options.name);
    if (own) provided.set(pkg, own.version);
  }
  return provided;
}

/** The modules this shell routes to in a remote (@app/shared's page registry). */
const pagesOf = (name: RemoteName): string[] => [...new Set(PAGES.filter((p) => p.remote === name).map((p) => p.module))];

/**
 * The run-time half of the compatibility gate (the server runs the same checks at `remotes set`):
 * reads the build's mf-manifest.json beside its remoteEntry.js and refuses it — before its entry
 * runs, so none of its shared modules reaches the share scope — when a shared module's required
 * version is not satisfied by what this shell provides, or a page routed to it is not exposed.
 * Resolves to the build's version.
 */
async function checkRemote(name: RemoteName): Promise<string> {
  if (!entries) throw new Error('remotes are not registered yet');
  const url = manifestUrlOf(entries[name]);
  let res: Response;
  try {
    res = await fetchWithRetry(url);
  } catch (error) {
    throw new LoadFailure('network', `${name}: 取不到清单 ${url}`, error);
  }
  if (!res.ok) throw new LoadFailure(res.status === 404 || res.status === 410 ? 'missing' : 'network', `${name}: 取不到清单 ${url}：HTTP ${res.status}`);
  let manifest: RemoteManifest;
  try {
    manifest = (await res.json()) as RemoteManifest;
  } catch (error) {
    throw new LoadFailure('incompatible', `${name}: 清单 ${url} 不是 JSON`, error);
  }
  const version = manifestVersion(manifest);
  versions.set(name, version);
  const problems = compatProblems(manifest, { shared: providedShared(), pages: pagesOf(name) });
  if (manifest.name !== CONTAINERS[name]) problems.push({ kind: 'not-exposed', message: `清单是 ${String(manifest.name)} 的，不是 ${CONTAINERS[name]} 的` });
  if (problems.length > 0) {
    throw new LoadFailure('incompatible', `${name} ${version}: 未通过兼容检查：${problems.map((p) => p.message).join('；')}`, problems);
  }
  // Registered by its manifest (a dev override names one): the runtime is given the entry the
  // manifest names, read here already (this shell's runtime leaves manifests to this gate).
  if (url === entries[name]) {
    const entry = entryUrlOf(manifest, url);
    if (!entry) throw new LoadFailure('incompatible', `${name}: 清单 ${url} 没有写 remoteEntry`);
    registerRemotes([{ name: CONTAINERS[name], entry }], { force: true });
  }
  return version;
}

/**
 * The manifest, tried as often as the entry is (a refused connection or a 5xx; a 404 is an answer).
 * Asked with the browser's default cache rules: a build's folder never changes (its files are
 * served immutable), a host that reuses a name says `no-cache` itself, and the page for / preloads
 * the first route's manifest (packages/server/src/plugins/first-route.ts), which only a default
 * request takes.
 */
async function fetchWithRetry(url: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url);
      if (res.ok || res.status === 404 || res.status === 410 || attempt >= LOAD_RETRIES) return res;
    } catch (error) {
      if (attempt >= LOAD_RETRIES) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  }
}

/** The page's component, from its remote's exposed module, once the remote passed the gate. */
export async function loadPageComponent(page: PageDef): Promise<ComponentType> {
  let check = checks.get(page.remote);
  if (!check) {
    check = checkRemote(page.remote);
    checks.set(page.remote, check);
    check.catch(() => checks.get(page.remote) === check && checks.delete(page.remote));
  }
  await check;
  const mod = await loadRemote<{ default?: ComponentType }>(`${CONTAINERS[page.remote]}/${page.module.replace(/^\.\//, '')}`);
  if (!mod?.default) throw new LoadFailure('incompatible', `${page.remote}${page.module.slice(1)} has no default export`);
  return mod.default;
}
