// npm run worker: video workers only (no HTTP), against the DATABASE_URL and S3_* store the API
// uses — more machines rendering from one queue. WORKERS (default 1) per process.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER_TARGETS, run } from './lib.mjs';

const entry = path.join(ROOT, 'packages/server/dist/worker.js');
// A worker needs the server build only (no web apps); one made before the worker role lacks worker.js.
if (!existsSync(entry)) {
  for (const target of SERVER_TARGETS) {
    await run(target.name, target.cmd, { cwd: target.cwd }).catch((err) => {
      console.error(err.message);
      process.exit(1);
    });
  }
}
await run('worker', [process.execPath, entry]).catch(() => process.exit(1));
