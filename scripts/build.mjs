// npm run build: the server and the four apps, two at a time. `--missing` builds only what has
// no output yet (npm start uses it); `--no-types` leaves out the remotes' federated types
// (@mf-types.*: webpack.config.base.ts), as `npm run test:e2e` does.
import os from 'node:os';
import { TARGETS, isBuilt, pool, run } from './lib.mjs';

export async function build({ missingOnly = false, types = true } = {}) {
  const todo = TARGETS.filter((t) => !missingOnly || !isBuilt(t));
  if (todo.length === 0) return;
  const started = Date.now();
  console.log(`building ${todo.map((t) => t.name).join(', ')}`);
  await pool(
    todo.map((t) => () => run(t.name, t.cmd, { cwd: t.cwd, env: types ? process.env : { ...process.env, MF_TYPES: '0' } })),
    Math.max(1, Math.min(2, os.availableParallelism())),
  );
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build({ missingOnly: process.argv.includes('--missing'), types: !process.argv.includes('--no-types') }).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
