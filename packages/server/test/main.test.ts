import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir, removeTempDirs } from './helpers/temp-dirs.js';

/** Runs src/main.ts as `npm run dev` does (through tsx), with `env` on top of the current one. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), '--conditions=app-source', path.join(__dirname, '..', 'src', 'main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = () => ({ stdout, stderr });
  const waitFor = async (pattern: RegExp): Promise<RegExpMatchArray> => {
    for (;;) {
      const match = pattern.exec(stdout);
      if (match) return match;
      if (child.exitCode !== null) throw new Error(`exited before ${pattern}: ${stdout}${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, output, waitFor };
}

describe('main', () => {
  afterAll(removeTempDirs);

  it('refuses to start on an invalid configuration, saying why', async () => {
    const main = startMain({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(await main.exited).toBe(1);
    expect(main.output().stderr).toContain(
      'Invalid configuration:\n  - PORT=abc: must be an integer from 0 to 65535\n  - LOG_LEVEL=loud: must be one of',
    );
    expect(main.output().stderr).not.toMatch(/\bat .*\(.*:\d+:\d+\)/); // no stack trace
  }, 20_000);

  it('creates DATA_DIR, listens, logs its URL and closes on SIGTERM', async () => {
    const dataDir = path.join(makeTempDir(), 'nested', 'data');
    const main = startMain({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: makeTempDir(), LOG_LEVEL: 'info' });
    try {
      const [, url] = await main.waitFor(/is up at (http:\/\/127\.0\.0\.1:\d+\/)/);
      expect(existsSync(dataDir)).toBe(true);
      const res = await fetch(`${url}healthz`);
      expect(await res.json()).toEqual({ status: 'ok' });

      main.child.kill('SIGTERM');
      expect(await main.exited).toBe(0);
      expect(main.output().stdout).toContain('SIGTERM: closing');
    } finally {
      main.child.kill('SIGKILL');
    }
  }, 20_000);

  it('on SIGTERM cuts a connection that never finishes its request after a grace period, and closes cleanly', async () => {
    const main = startMain({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: makeTempDir(), WEB_ROOT: makeTempDir(), LOG_LEVEL: 'info' });
    try {
      const [, port] = await main.waitFor(/is up at http:\/\/127\.0\.0\.1:(\d+)\//);
      const socket = net.connect(Number(port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n'); // the headers never end
      const cut = once(socket, 'close');
      await new Promise((resolve) => setTimeout(resolve, 200));
      main.child.kill('SIGTERM');
      expect(await main.exited).toBe(0);
      await cut;
      expect(main.output().stdout).not.toContain('still closing');
    } finally {
      main.child.kill('SIGKILL');
    }
  }, 30_000);
});
