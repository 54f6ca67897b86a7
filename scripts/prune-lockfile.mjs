// The registry this project installs from mirrors only the platform packages it was asked for:
// the macOS/Windows builds of native packages (@swc/core-darwin-arm64, …) are not there, so npm
// writes no lock entry for them while still naming them as optional dependencies, and `npm ci`
// then refuses the lockfile ("Missing: … from lock file"). This drops those dangling names.
//   node scripts/prune-lockfile.mjs          rewrite package-lock.json (npm run lock does this)
//   node scripts/prune-lockfile.mjs --check  fail if a rewrite is needed
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const file = path.join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const installed = new Set(Object.keys(lock.packages).map((p) => p.replace(/^.*node_modules\//, '')));

const dangling = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (installed.has(name)) continue;
    dangling.push(`${where || '(root)'} → ${name}`);
    delete entry.optionalDependencies[name];
  }
}

if (process.argv.includes('--check')) {
  if (dangling.length) {
    console.error(`package-lock.json names ${dangling.length} optional packages it has no entry for; run \`npm run lock\`:`);
    for (const d of dangling.slice(0, 10)) console.error(`  ${d}`);
    process.exit(1);
  }
} else if (dangling.length) {
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: dropped ${dangling.length} optional packages this registry does not carry`);
}
