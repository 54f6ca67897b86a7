import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const APPS = ['shell/src', 'remote-create/src', 'remote-account/src', 'remote-auth/src'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(t|j)sx?$/.test(name) ? [full] : [];
  });
}

const ANTD = path.dirname(require.resolve('antd-mobile/package.json'));
const HEAVY = /^(@react-spring|@use-gesture|rc-field-form)(\/|$)/;

/** Every package an antd-mobile ES module reaches through its relative imports. */
function packagesReached(file: string, seen = new Set<string>(), found = new Set<string>()): Set<string> {
  if (seen.has(file)) return found;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, spec] of code.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]/g)) {
    if (!spec) continue;
    if (!spec.startsWith('.')) {
      found.add(spec);
      continue;
    }
    const base = path.resolve(path.dirname(file), spec);
    const next = [base, `${base}.js`, path.join(base, 'index.js')].find((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    });
    if (next) packagesReached(next, seen, found);
  }
  return found;
}

/** The antd-mobile modules a kit file re-exports from. */
function kitModules(file: string): string[] {
  const code = readFileSync(path.join(__dirname, file), 'utf8');
  return [...code.matchAll(/from '(antd-mobile[^']*)'/g)].map(([, spec]) => spec!);
}

describe('the UI kit', () => {
  it('reaches the apps only through @app/shared/kit (a direct import would be a second copy)', () => {
    const offenders = APPS.flatMap((dir) => sources(path.join(ROOT, dir))).filter((file) =>
      /from ['"]antd-mobile(\/[^'"]*)?['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it('keeps the first-route part light: no animation, gesture or form library (they belong in kit/more)', () => {
    const modules = kitModules('kit.ts');
    expect(modules.length).toBeGreaterThan(0);
    // Straight to each component: the index would bring every component either half uses.
    expect(modules.filter((spec) => !spec.startsWith('antd-mobile/es/components/'))).toEqual([]);
    const heavy = modules.filter((spec) => {
      const entry = path.join(ANTD, spec.replace(/^antd-mobile\//, ''), 'index.js');
      return [...packagesReached(entry)].some((reached) => HEAVY.test(reached));
    });
    expect(heavy).toEqual([]);
  });

  it('the check above would catch a heavy component', () => {
    const entry = path.join(ANTD, 'es/components/dialog/index.js');
    expect([...packagesReached(entry)].some((spec) => HEAVY.test(spec))).toBe(true);
  });
});
