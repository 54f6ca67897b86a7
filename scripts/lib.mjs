// Helpers shared by the root scripts: where things are and how to run a step.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/** What `npm run build` makes (each package's own `build` script), and the file that shows each one is built. */
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const target = (name, cwd, output) => ({ name, cwd, cmd: [NPM, 'run', '-s', 'build'], output });
export const TARGETS = [
  target('contract', 'packages/contract', 'packages/contract/dist/index.js'),
  target('engine', 'packages/engine', 'packages/engine/dist/index.js'),
  target('server', 'packages/server', 'packages/server/dist/main.js'),
  target('shell', 'shell', 'shell/dist/index.html'),
  target('remote-create', 'remote-create', 'remote-create/dist/current.json'),
  target('remote-account', 'remote-account', 'remote-account/dist/current.json'),
  target('remote-auth', 'remote-auth', 'remote-auth/dist/current.json'),
];

/** What the server runs with, from dist as Node requires them: the contract, the engine its workers render with, and the server itself. */
export const SERVER_TARGETS = TARGETS.filter((t) => ['contract', 'engine', 'server'].includes(t.name));

export const isBuilt = (target) => existsSync(path.join(ROOT, target.output));

const children = new Set();
// Whatever stops a root script stops what it started (a SIGTERM reaches only the parent).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

/** Runs a command with its output prefixed; resolves on exit 0, rejects otherwise. */
export function run(name, [cmd, ...args], { cwd = ROOT, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: path.resolve(ROOT, cwd), env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const prefix = (chunk) =>
      chunk
        .toString()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => `[${name}] ${line}\n`)
        .join('');
    child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
    child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
    child.on('error', reject);
    child.on('exit', (code) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (exit ${code})`));
    });
  });
}

/** Runs tasks with at most `limit` at once (this machine class has 2 cores). */
export async function pool(tasks, limit) {
  const queue = [...tasks];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length) await queue.shift()();
  });
  await Promise.all(workers);
}
