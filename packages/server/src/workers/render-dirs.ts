import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** Where the renders of every worker process of a DATA_DIR keep their working files. */
export function renderRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'renders');
}

/** A live process touches its folder this often… */
const HEARTBEAT_MS = 10 * 60_000;
/** …so a folder untouched for this long belongs to nobody (its process died on another machine sharing DATA_DIR, or its pid was reused). */
export const STALE_RENDER_DIR_MS = 60 * 60_000;

/** Host names go into folder names: only the characters that are safe there. */
const HOST = hostname().replace(/[^\w.-]/g, '_') || 'host';
/** `<host>~<pid>~<random>`: whose folder it is, and a random part since one process may run several worker pools (tests). */
const OWNED = /^(.+)~(\d+)~[0-9a-f]+$/;

/**
 * The working folders of one worker pool: each render gets a fresh folder inside the pool's own
 * `<root>/<host>~<pid>~<random>`, removed when the render ends. A process killed mid-render
 * (kill -9, a crash, the machine's power) leaves its folder behind: `sweepRenderDirs` at the next
 * start of any worker process removes it.
 */
export class RenderDirs {
  readonly dir: string;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(root: string) {
    this.dir = path.join(root, `${HOST}~${process.pid}~${randomBytes(4).toString('hex')}`);
    this.heartbeat = setInterval(() => {
      const now = new Date();
      utimes(this.dir, now, now).catch(() => undefined);
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** A fresh, empty folder for one render (named `prefix…`). */
  async make(prefix: string): Promise<string> {
    // Made again each time: something may have cleared the temporary files in between.
    await mkdir(this.dir, { recursive: true });
    return mkdtemp(path.join(this.dir, prefix));
  }

  /** After the last render: removes the pool's folder. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    await rm(this.dir, { recursive: true, force: true });
  }
}

export interface SweepOptions {
  now?: number;
  /** Whether a process of this machine is running (default: signal 0). */
  isRunning?: (pid: number) => boolean;
}

/**
 * Removes the folders under `root` left by worker processes that are gone: those of this machine
 * whose process is no longer running, and any (another machine's, or not named by an owner) not
 * touched for STALE_RENDER_DIR_MS. Folders of live processes — renders under way in another
 * worker process of this machine — are kept. Answers the names removed.
 */
export async function sweepRenderDirs(root: string, options: SweepOptions = {}): Promise<string[]> {
  const { now = Date.now(), isRunning = processRunning } = options;
  let names: string[];
  try {
    names = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    const owner = OWNED.exec(name);
    const ownerGone = owner !== null && owner[1] === HOST && !isRunning(Number(owner[2]));
    const stale = ownerGone || (await stat(path.join(root, name)).then((s) => now - s.mtimeMs > STALE_RENDER_DIR_MS, () => false));
    if (!stale) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function processRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
