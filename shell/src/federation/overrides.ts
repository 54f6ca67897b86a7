import type { RemoteName } from '@app/shared';
import type { RemoteEntries } from './remote-entries';

/**
 * The dev override (README "Ship a remote"): `?remote.account=http://127.0.0.1:3002/mf-manifest.json`
 * in the page's address points this tab at that build of a remote — a team's `npm run dev` or a
 * preview of its CI build — inside the real shell. Only where the server allows it
 * (ALLOW_REMOTE_OVERRIDE, which /remotes.json states as `overrides: true`, and which puts the
 * build's origin in that page's CSP); otherwise ignored, with a note on the console. Remembered for
 * the tab (sessionStorage); the run-time gate checks an overriding build like any other.
 * No federation or shared module here: index.ts reads this before anything else loads.
 */
export type Overrides = Partial<Record<RemoteName, string>>;

const NAMES: readonly RemoteName[] = ['create', 'account', 'auth'];
const PARAM_PREFIX = 'remote.';
const STORAGE_KEY = 'app.remoteOverrides';

/** A build's address as an override may name it: an absolute http(s) URL. */
function isBuildUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The overrides an address's query names (`remote.<name>=<URL>`); what is not one is noted and left out. */
export function overridesIn(search: string, warn: (message: string) => void = console.warn): Overrides {
  const found: Overrides = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (!key.startsWith(PARAM_PREFIX)) continue;
    const name = key.slice(PARAM_PREFIX.length) as RemoteName;
    if (!NAMES.includes(name)) warn(`[覆盖] 没有叫 ${name} 的远程模块（可用：${NAMES.join('、')}），忽略 ${key}`);
    else if (!isBuildUrl(value)) warn(`[覆盖] ${key}=${value} 不是 http(s) 地址，忽略`);
    else found[name] = value;
  }
  return found;
}

function stored(): Overrides {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    const found: Overrides = {};
    for (const name of NAMES) if (typeof saved[name] === 'string' && isBuildUrl(saved[name])) found[name] = saved[name];
    return found;
  } catch {
    return {};
  }
}

function store(overrides: Overrides): void {
  try {
    if (Object.keys(overrides).length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(overrides));
  } catch {
    // No storage: the override lasts as long as the address names it.
  }
}

/** The address with `search` made of `overrides` (every other parameter and the hash kept). */
function addressWith(location: Pick<Location, 'href'>, overrides: Overrides): string {
  const url = new URL(location.href);
  for (const key of [...url.searchParams.keys()]) if (key.startsWith(PARAM_PREFIX)) url.searchParams.delete(key);
  for (const name of NAMES) if (overrides[name]) url.searchParams.set(`${PARAM_PREFIX}${name}`, overrides[name]);
  return url.href;
}

export interface OverrideResult {
  /** The entries this tab registers: the registry's, with each overridden remote's build in its place. */
  entries: RemoteEntries;
  /** The remotes overridden in this tab, and the build each points at. */
  overrides: Overrides;
}

/**
 * Applies this tab's overrides to the registry's entries. Allowed: the address's overrides join the
 * ones this tab remembers; when the address lacks one it remembers, the page is loaded again with it
 * (the server allows the build's origin in the CSP of a page that names it), and this never
 * resolves. Not allowed: none applies, and the console says why.
 */
export function applyOverrides(
  registry: RemoteEntries,
  allowed: boolean,
  location: Pick<Location, 'href' | 'search' | 'replace'> = window.location,
  warn: (message: string) => void = console.warn,
): Promise<OverrideResult> {
  const asked = overridesIn(location.search, warn);
  const remembered = stored();
  const overrides: Overrides = { ...remembered, ...asked };
  if (Object.keys(overrides).length === 0) return Promise.resolve({ entries: registry, overrides: {} });
  if (!allowed) {
    store({});
    warn(
      `[覆盖] 这个服务器没有开启 ALLOW_REMOTE_OVERRIDE，忽略 ${Object.entries(overrides)
        .map(([name, url]) => `remote.${name}=${url}`)
        .join('、')}：用的是注册表里的版本`,
    );
    return Promise.resolve({ entries: registry, overrides: {} });
  }
  store(overrides);
  if (NAMES.some((name) => overrides[name] !== undefined && asked[name] === undefined)) {
    location.replace(addressWith(location, overrides));
    return new Promise(() => undefined);
  }
  const entries = { ...registry };
  for (const name of NAMES) if (overrides[name]) entries[name] = overrides[name];
  console.info(`[覆盖] 本标签页：${Object.entries(overrides).map(([name, url]) => `${name} → ${url}`).join('、')}`);
  return Promise.resolve({ entries, overrides });
}

/** Ends this tab's overrides: forgotten, and the page loaded again without them. */
export function clearOverrides(location: Pick<Location, 'href' | 'replace'> = window.location): void {
  store({});
  location.replace(addressWith(location, {}));
}
