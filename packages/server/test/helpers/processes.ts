import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Node's arguments that run a TypeScript entry in one process with tsx's loader (by its path, so a
 * process started in another folder finds it), workspace packages from their source
 * (`app-source`, see packages/engine's exports). Not through the tsx CLI: that starts a second
 * Node process for the script, a second or more of a busy machine per run, and a kill -9 would
 * hit only the CLI.
 */
export const TSX_NODE_ARGS = [
  '--conditions=app-source',
  '--import',
  pathToFileURL(path.resolve(__dirname, '..', '..', '..', '..', 'node_modules', 'tsx', 'dist', 'loader.mjs')).href,
];

/** A TypeScript entry run in one Node process with tsx's loader (TSX_NODE_ARGS), with `env` on top of the current one. */
export function startTsx(file: string, env: Record<string, string>) {
  // Workspace packages from their TypeScript source, so a test process needs no build, as the Jest projects need none.
  const child = spawn(process.execPath, [...TSX_NODE_ARGS, file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const output = () => ({ stdout, stderr });
  const waitFor = async (pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(stdout);
      if (match) return match;
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited before ${pattern}: ${stdout}${stderr}`);
      if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms: ${stdout}${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return { child, exited, output, waitFor };
}
