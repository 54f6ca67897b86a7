// npm start: build whatever is not built yet, then serve (PORT, default 8080; data in DATA_DIR).
import path from 'node:path';
import { build } from './build.mjs';
import { ROOT, run } from './lib.mjs';

await build({ missingOnly: true }).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
await run('server', [process.execPath, path.join(ROOT, 'packages/server/dist/main.js')]).catch(() => process.exit(1));
