import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/**
 * `npm ci` on the Node the project says it needs prints no unsupported-engine warning: every
 * package the lockfile installs accepts the lowest Node that package.json's engines field allows.
 */
const root = join(__dirname, '../../..');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

test('every installed package supports the lowest Node the project accepts', () => {
  const required: string = read('package.json').engines.node;
  const lowest = semver.minVersion(required)!.version;
  const lock = read('package-lock.json') as { packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }> };
  const refused = Object.entries(lock.packages)
    .filter(([path, p]) => path && !Array.isArray(p.engines) && p.engines?.node && !semver.satisfies(lowest, p.engines.node))
    .map(([path, p]) => `${path}@${p.version} wants node ${(p.engines as { node: string }).node}`);
  expect(refused).toEqual([]);
});
