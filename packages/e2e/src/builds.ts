import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './server';

/**
 * The folder of a remote's current build (remote-<name>/dist/<version>-<hash>, named by
 * dist/current.json: webpack.config.base.ts), which the registry starts with.
 */
export function currentBuild(name: string): string {
  return (JSON.parse(readFileSync(path.join(ROOT, `remote-${name}`, 'dist', 'current.json'), 'utf8')) as { build: string }).build;
}

/** Where that build is on disk. */
export function buildDir(name: string): string {
  return path.join(ROOT, `remote-${name}`, 'dist', currentBuild(name));
}

/** Where the server serves that build's remoteEntry.js (a path on its origin). */
export function builtEntry(name: string): string {
  return `/remotes/${name}/${currentBuild(name)}/remoteEntry.js`;
}
