import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { seedPgdata } from './pgdata';

export const ROOT = path.resolve(__dirname, '../../..');

/** A port nothing on 127.0.0.1 listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts a server of one test file's own (its settings: a stand-in vendor, no workers…) and points
 * the file's pages at it (E2E_BASE_URL); its stop points them back at the run's shared server.
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer(env);
  const shared = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = server.url;
  return {
    ...server,
    stop: async () => {
      process.env.E2E_BASE_URL = shared;
      await server.stop();
    },
  };
}

/**
 * Starts the built server (packages/server/dist) on a free port with a fresh data directory (its
 * database a copy of the run's migrated one: ./pgdata).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  seedPgdata(dataDir);
  const child = spawn(process.execPath, [path.join(ROOT, 'packages/server/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Even from a migrated copy, a PGlite takes seconds to open on a busy machine, far longer when the
  // run's shared server is rendering its samples beside it.
  const deadline = Date.now() + 120000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not answer /healthz within 120 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
