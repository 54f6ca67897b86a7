import { spawn } from 'node:child_process';

/**
 * A TypeScript entry run in one Node process with tsx's loader, with `env` on top of the current
 * one. Not through the tsx CLI: that runs the script in a child process, so a kill -9 would hit
 * only the CLI and leave the script running.
 */
export function startTsx(file: string, env: Record<string, string>) {
  // `app-source`: workspace packages from their TypeScript source (see packages/engine's exports),
  // so a test process needs no build, as the Jest projects need none.
  const child = spawn(process.execPath, ['--conditions=app-source', '--import', 'tsx', file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
