// npm run build: the server and the four apps, two at a time. `--missing` builds only what has
// no output yet (npm start uses it); `--no-types` leaves out the remotes' federated types
// (@mf-types.*: webpack.config.base.ts), and `--types=remote-auth,…` makes them for those
// remotes only: `npm run test:e2e` makes remote-auth's (the smallest), which a browser test reads,
// to keep CI from spending a TypeScript compile on each remote.
import os from 'node:os';
import { TARGETS, isBuilt, pool, run } from './lib.mjs';

/** `types`: true (every remote's), false (none), or the names of the remotes that get theirs. */
export async function build({ missingOnly = false, types = true } = {}) {
  const todo = TARGETS.filter((t) => !missingOnly || !isBuilt(t));
  if (todo.length === 0) return;
  const started = Date.now();
  console.log(`building ${todo.map((t) => t.name).join(', ')}`);
  await pool(
    todo.map((t) => () => run(t.name, t.cmd, { cwd: t.cwd, env: withTypes(t.name, types) ? process.env : { ...process.env, MF_TYPES: '0' } })),
    Math.max(1, Math.min(2, os.availableParallelism())),
  );
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const withTypes = (name, types) => (Array.isArray(types) ? types.includes(name) : types);

function typesArgument(argv) {
  if (argv.includes('--no-types')) return false;
  const only = argv.find((arg) => arg.startsWith('--types='));
  if (only === undefined) return true;
  const names = only.slice('--types='.length).split(',').filter(Boolean);
  const unknown = names.filter((name) => !TARGETS.some((t) => t.name === name && t.name.startsWith('remote-')));
  if (unknown.length > 0) throw new Error(`--types: not a remote: ${unknown.join(', ')}`);
  return names;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  Promise.resolve()
    .then(() => build({ missingOnly: process.argv.includes('--missing'), types: typesArgument(process.argv) }))
    .catch((err) => {
      console.error(err.message);
      process.exit(1);
    });
}
