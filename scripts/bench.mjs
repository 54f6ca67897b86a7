// npm run bench [-- api | renderer | front-end]: build the apps if missing and the server always (a stale
// build would be measured), then run the benchmarks (packages/e2e/bench).
import { build } from './build.mjs';
import { SERVER_TARGETS, bin, run } from './lib.mjs';

for (const target of SERVER_TARGETS) await run(target.name, target.cmd, { cwd: target.cwd });
await build({ missingOnly: true });
await run('bench', [bin('tsx'), 'packages/e2e/bench/run.ts', ...process.argv.slice(2)]).catch(() => process.exit(1));
