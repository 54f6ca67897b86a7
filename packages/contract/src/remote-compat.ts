/**
 * Whether a remote's build fits the shell: the checks of the compatibility gate, written once for
 * the server (`remotes set`, modules/remotes/gate.ts) and the shell (before it loads a remote).
 * No dependency: the shell runs this on its first route, where semver's ~25 KB would not fit; the
 * range check below covers what webpack writes as a requiredVersion (exact, ^, ~, x-ranges,
 * comparators, hyphen ranges, ||) and its tests compare every answer with semver's
 * (`satisfies(version, range, { includePrerelease: true })`).
 */

/** What a remote's mf-manifest.json says, as far as the gate reads it (anything may be missing). */
export interface RemoteManifest {
  name?: unknown;
  metaData?: { buildInfo?: { buildVersion?: unknown }; remoteEntry?: { name?: unknown; path?: unknown } };
  shared?: { name?: unknown; version?: unknown; requiredVersion?: unknown; singleton?: unknown; assets?: { js?: { sync?: unknown; async?: unknown } } }[];
  exposes?: { name?: unknown; path?: unknown }[];
}

const MANIFEST_FILE = 'mf-manifest.json';

/** The manifest beside a remoteEntry.js, or the URL itself when it names a manifest. */
export function manifestUrlOf(url: string): string {
  const [base = url] = url.split(/[?#]/);
  if (base.endsWith('.json')) return url;
  return base.replace(/[^/]*$/, MANIFEST_FILE);
}

/**
 * The remoteEntry.js a manifest names (`metaData.remoteEntry`: a name, and a path beside the
 * manifest), as an address resolved against the manifest's own — a path stays a path (this
 * server's own builds) — or undefined when it names none.
 */
export function entryUrlOf(manifest: RemoteManifest, manifestUrl: string): string | undefined {
  const info = manifest.metaData?.remoteEntry;
  if (typeof info?.name !== 'string' || info.name === '') return undefined;
  const relative = `${typeof info.path === 'string' && info.path !== '' ? `${info.path.replace(/\/+$/, '')}/` : ''}${info.name}`;
  try {
    if (manifestUrl.startsWith('/')) return new URL(relative, `http://same-origin${manifestUrl}`).pathname;
    return new URL(relative, manifestUrl).href;
  } catch {
    return undefined;
  }
}

/** The build's version (its package.json's), as its manifest states it; '' when it does not. */
export function manifestVersion(manifest: RemoteManifest): string {
  const version = manifest.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' ? version : '';
}

type Version = [number, number, number, (string | number)[]];

const VERSION = /^\s*[=v]*\s*(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?\s*$/;
/** A version with parts left out or written x/X/* (`1`, `1.2`, `1.x`, `*`). */
const PARTIAL = /^[=v]*(\d+|[xX*])?(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): Version | undefined {
  const m = VERSION.exec(text);
  if (!m) return undefined;
  const pre = m[4] === undefined ? [] : m[4].split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id));
  return [Number(m[1]), Number(m[2]), Number(m[3]), pre];
}

/** Semantic-version precedence: <0, 0, >0. */
function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  const [pa, pb] = [a[3], b[3]];
  if (pa.length === 0 || pb.length === 0) return pb.length - pa.length;
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i], pb[i]];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

type Op = '>=' | '>' | '<' | '<=' | '=';
type Comparator = [Op, Version];

/** The lowest version of a major/minor/patch step: `2.0.0-0` is below every 2.0.0 prerelease. */
const floor = (major: number, minor: number, patch: number): Version => [major, minor, patch, [0]];

interface Partial {
  parts: (number | undefined)[];
  pre: (string | number)[];
}

function parsePartial(text: string): Partial | undefined {
  const m = PARTIAL.exec(text);
  if (!m) return undefined;
  const parts: (number | undefined)[] = [];
  for (const p of [m[1], m[2], m[3]]) {
    // After a wildcard or a missing part everything is a wildcard (`1.x.3` is `1.x`).
    if (p === undefined || /[xX*]/.test(p) || parts.some((q) => q === undefined)) parts.push(undefined);
    else parts.push(Number(p));
  }
  const pre = m[4] === undefined ? [] : m[4].split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id));
  return { parts, pre };
}

/** One comparator term (`^1.2.3`, `>=1.2`, `1.x`) as plain comparators; undefined: not understood. */
function desugar(term: string): Comparator[] | undefined {
  const m = /^(\^|~>?|>=|<=|>|<|=)?\s*(.*)$/.exec(term);
  if (!m) return undefined;
  const op = m[1] ?? '';
  const p = parsePartial(m[2] ?? '');
  if (!p) return undefined;
  const [M, m_, pt] = p.parts;
  const full = (): Version => [M ?? 0, m_ ?? 0, pt ?? 0, p.pre];
  // A lower bound with parts left out starts below that step's prereleases (`^1.2` is `>=1.2.0-0`).
  const low = (): Version => (pt === undefined ? floor(M ?? 0, m_ ?? 0, 0) : full());
  if (op === '^') {
    if (M === undefined) return [];
    const lo: Comparator = ['>=', low()];
    if (M > 0 || m_ === undefined) return [lo, ['<', floor(M + 1, 0, 0)]];
    if (m_ > 0 || pt === undefined) return [lo, ['<', floor(0, m_ + 1, 0)]];
    return [lo, ['<', floor(0, 0, pt + 1)]];
  }
  if (op === '~' || op === '~>') {
    if (M === undefined) return [];
    const lo: Comparator = ['>=', low()];
    return m_ === undefined ? [lo, ['<', floor(M + 1, 0, 0)]] : [lo, ['<', floor(M, m_ + 1, 0)]];
  }
  if (op === '' || op === '=') {
    if (M === undefined) return [];
    if (m_ === undefined) return [['>=', floor(M, 0, 0)], ['<', floor(M + 1, 0, 0)]];
    if (pt === undefined) return [['>=', floor(M, m_, 0)], ['<', floor(M, m_ + 1, 0)]];
    return [['=', full()]];
  }
  // A comparator with parts left out.
  if (M === undefined) return op === '<' || op === '>' ? [['<', floor(0, 0, 0)]] : [];
  if (pt !== undefined) return [[op as Op, full()]];
  const next = m_ === undefined ? floor(M + 1, 0, 0) : floor(M, m_ + 1, 0);
  const start = floor(M, m_ ?? 0, 0);
  switch (op) {
    case '>=':
      return [['>=', start]];
    case '>':
      return [['>=', next]];
    case '<':
      return [['<', start]];
    default:
      return [['<', next]];
  }
}

/** One `||` alternative: comparators all of which must hold; undefined: not understood. */
function parseSet(text: string): Comparator[] | undefined {
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
  if (hyphen) {
    const [lo, hi] = [parsePartial(hyphen[1]!), parsePartial(hyphen[2]!)];
    if (!lo || !hi) return undefined;
    const [a, b, c] = lo.parts;
    // Its start counts that version's prereleases in, as semver's includePrerelease reads it.
    const out: Comparator[] = a === undefined ? [] : [['>=', lo.pre.length > 0 ? [a, b ?? 0, c ?? 0, lo.pre] : floor(a, b ?? 0, c ?? 0)]];
    const [x, y, z] = hi.parts;
    if (x === undefined) return out;
    if (y === undefined) out.push(['<', floor(x + 1, 0, 0)]);
    else if (z === undefined) out.push(['<', floor(x, y + 1, 0)]);
    else out.push(['<=', [x, y, z, hi.pre]]);
    return out;
  }
  // `>= 1.2.3` is one term, as semver reads it.
  const terms = text.replace(/(\^|~>?|>=|<=|>|<|=)\s+/g, '$1').split(/\s+/).filter((t) => t !== '');
  const out: Comparator[] = [];
  for (const term of terms) {
    const comparators = desugar(term);
    if (!comparators) return undefined;
    out.push(...comparators);
  }
  return out;
}

function holds(v: Version, [op, bound]: Comparator): boolean {
  const c = compare(v, bound);
  return op === '>=' ? c >= 0 : op === '>' ? c > 0 : op === '<' ? c < 0 : op === '<=' ? c <= 0 : c === 0;
}

/**
 * Whether `version` satisfies `range` (prereleases count like any version, semver's
 * includePrerelease); undefined when the range, or the version, is not one this understands.
 */
export function satisfiesRange(version: string, range: string): boolean | undefined {
  const v = parseVersion(version);
  if (!v) return undefined;
  let any = false;
  for (const alternative of range.split('||')) {
    const set = parseSet(alternative.trim());
    if (!set) return undefined;
    if (set.every((c) => holds(v, c))) any = true;
  }
  return any;
}

/** A problem with a build, named for people (the operator's refusal, the browser's console). */
export interface CompatProblem {
  kind: 'shared' | 'unreadable-range' | 'not-exposed';
  message: string;
}

/** A shared module for which the build has no script of its own (an `assets` block with none in it). */
function bringsNoCopy(shared: NonNullable<RemoteManifest['shared']>[number]): boolean {
  const js = shared.assets?.js;
  const none = (list: unknown) => Array.isArray(list) && list.length === 0;
  return js !== undefined && none(js.sync) && none(js.async);
}

/**
 * The checks a build must pass against the shell: each shared module's required version is
 * satisfied by the version the shell provides; a module the shell does not share is the remote's
 * own business, unless the build brings no copy of it (`import: false`); and every page the shell
 * routes to this remote is exposed.
 */
export function compatProblems(
  manifest: RemoteManifest,
  shell: { shared: ReadonlyMap<string, string>; pages: readonly string[] },
): CompatProblem[] {
  const problems: CompatProblem[] = [];
  for (const shared of manifest.shared ?? []) {
    if (typeof shared.name !== 'string') continue;
    const provided = shell.shared.get(shared.name);
    const required = shared.requiredVersion;
    if (provided === undefined) {
      // Built with `import: false` (the manifest lists no script of its own for it): only the
      // shell can give it, and this shell does not.
      if (bringsNoCopy(shared)) problems.push({ kind: 'shared', message: `共享模块 ${shared.name} 只能由 shell 提供，shell 没有提供` });
      continue;
    }
    if (typeof required !== 'string' || required === '' || required === '*') continue;
    const fits = satisfiesRange(provided, required);
    if (fits === undefined) problems.push({ kind: 'unreadable-range', message: `共享模块 ${shared.name} 的版本要求 ${required} 读不懂` });
    else if (!fits) problems.push({ kind: 'shared', message: `共享模块 ${shared.name} 要求 ${required}，shell 提供的是 ${provided}` });
  }
  const exposed = new Set(
    (manifest.exposes ?? []).flatMap((e) => [e.path, typeof e.name === 'string' ? `./${e.name.replace(/^\.\//, '')}` : undefined]),
  );
  for (const page of shell.pages) {
    if (!exposed.has(page)) problems.push({ kind: 'not-exposed', message: `shell 路由到的页面 ${page} 没有暴露` });
  }
  return problems;
}
