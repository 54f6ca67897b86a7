// npm run prune-builds [-- --keep N] [--dry-run]: removes the remotes' older builds. Each remote
// build lives in dist/<version>-<hash>/ (webpack.config.base.ts) and stays served after a deploy or
// a rollback, so tabs opened on it keep working; this keeps, per remote, the build dist/current.json
// names and the N-1 newest others (N = 3 by default), and removes the rest — and the files a build
// made before builds had folders left at dist's top. Do not prune a build the registry still names
// (`npm run admin -- remotes list`: the stable build, a canary, what a rollback would return to).
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const REMOTES = ['create', 'account', 'auth'];
/** A build's folder, as webpack.config.base.ts names it. */
const BUILD_FOLDER = /^\d+\.\d+\.\d+[^/]*-[0-9a-f]{10}$/;

/** What to remove from one remote's dist: older build folders and loose files of the old layout. */
export function prunable(dist, keep) {
  if (!existsSync(dist)) return [];
  let current;
  try {
    current = JSON.parse(readFileSync(path.join(dist, 'current.json'), 'utf8')).build;
  } catch {
    // No build with folders yet: nothing here is known to be older than what is served.
    return [];
  }
  const entries = readdirSync(dist, { withFileTypes: true });
  const builds = entries
    .filter((entry) => entry.isDirectory() && BUILD_FOLDER.test(entry.name) && entry.name !== current)
    .map((entry) => ({ name: entry.name, time: statSync(path.join(dist, entry.name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  const older = builds.slice(Math.max(0, keep - 1)).map((build) => build.name);
  // The old layout's files (remoteEntry.js… at dist's top) are older than any folder.
  const loose = builds.length >= keep - 1 ? entries.filter((entry) => entry.isFile() && entry.name !== 'current.json').map((entry) => entry.name) : [];
  return [...older, ...loose].map((name) => path.join(dist, name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--keep');
  const keep = at === -1 ? 3 : Number(args[at + 1]);
  if (!Number.isInteger(keep) || keep < 1) {
    console.error('--keep 需要一个不小于 1 的整数（保留的构建数，含当前构建）');
    process.exit(1);
  }
  const dryRun = args.includes('--dry-run');
  for (const name of REMOTES) {
    const dist = path.join(ROOT, `remote-${name}`, 'dist');
    const gone = prunable(dist, keep);
    for (const file of gone) {
      console.log(`${dryRun ? 'would remove' : 'removing'} ${path.relative(ROOT, file)}`);
      if (!dryRun) rmSync(file, { recursive: true, force: true });
    }
    if (gone.length === 0) console.log(`remote-${name}: nothing to prune`);
  }
}
