// npm run bench: build what is missing, then run the benchmarks (packages/e2e/bench).
import { build } from './build.mjs';
import { bin, run } from './lib.mjs';

await build({ missingOnly: true });
await run('bench', [bin('tsx'), 'packages/e2e/bench/run.ts']).catch(() => process.exit(1));
