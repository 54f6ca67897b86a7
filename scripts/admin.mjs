// npm run admin -- <command>: the operators' command line (packages/server/src/cli/admin.ts).
// It talks to the running server over HTTP; `npm run admin -- --help` lists the commands.
// Builds the server first when its compiled command line is missing. Everything but the
// command's own result goes to stderr, so `codes create … > codes.txt` holds only codes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER_TARGETS } from './lib.mjs';

const cli = path.join(ROOT, 'packages/server/dist/cli/admin.js');

if (!existsSync(cli)) {
  // Only the server: the command line needs none of the apps (which `npm run build` makes too).
  console.error('building the server (its command line is not built yet)');
  for (const target of SERVER_TARGETS) {
    const [cmd, ...args] = target.cmd;
    const built = spawnSync(cmd, args, { cwd: path.join(ROOT, target.cwd), stdio: ['ignore', process.stderr, process.stderr] });
    if (built.status !== 0) {
      console.error(`${target.name} build failed (exit ${built.status})`);
      process.exit(1);
    }
  }
}

const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
