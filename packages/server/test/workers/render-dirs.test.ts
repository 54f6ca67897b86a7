import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { RenderDirs, STALE_RENDER_DIR_MS, sweepRenderDirs } from '../../src/workers/render-dirs.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp-dirs.js';

afterAll(removeTempDirs);

const HOST = hostname().replace(/[^\w.-]/g, '_');
/** Above Linux's largest pid (2^22): no process has it. */
const DEAD_PID = 4_194_305;

/** A folder under `root` with a file in it, last touched `ageMs` ago. */
function leftover(root: string, name: string, ageMs = 0): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, 'video-task-7-abc'), { recursive: true });
  writeFileSync(path.join(dir, 'video-task-7-abc', 'image-1.png'), 'png');
  const at = new Date(Date.now() - ageMs);
  utimesSync(dir, at, at);
  return dir;
}

describe('render work folders', () => {
  it('the sweep removes the folders of stopped processes of this machine and any untouched for an hour, and keeps those of live processes', async () => {
    const root = makeTempDir();
    const hour = STALE_RENDER_DIR_MS;
    leftover(root, `${HOST}~${DEAD_PID}~0a1b`); // killed mid-render: removed at once
    leftover(root, `${HOST}~${process.pid}~2c3d`); // a live process rendering: kept
    leftover(root, `${HOST}~${process.pid}~4e5f`, hour + 60_000); // live pid, untouched for an hour (a reused pid): removed
    leftover(root, `other-host~${DEAD_PID}~6a7b`); // another machine's: its pids mean nothing here, kept while fresh
    leftover(root, `other-host~${DEAD_PID}~8c9d`, hour + 60_000); // …and removed once stale
    leftover(root, 'video-task-3-xyz', hour + 60_000); // not named by an owner: by age alone
    leftover(root, 'fresh-unknown');

    const removed = await sweepRenderDirs(root);
    expect(removed.sort()).toEqual([`${HOST}~${DEAD_PID}~0a1b`, `${HOST}~${process.pid}~4e5f`, `other-host~${DEAD_PID}~8c9d`, 'video-task-3-xyz'].sort());
    expect(readdirSync(root).sort()).toEqual([`${HOST}~${process.pid}~2c3d`, `other-host~${DEAD_PID}~6a7b`, 'fresh-unknown'].sort());
  });

  it('the sweep of a root that does not exist yet removes nothing', async () => {
    expect(await sweepRenderDirs(path.join(makeTempDir(), 'tmp', 'renders'))).toEqual([]);
  });

  it("a pool's folders live in its own folder, named by host and pid, which closing removes", async () => {
    const root = path.join(makeTempDir(), 'tmp', 'renders');
    const dirs = new RenderDirs(root);
    const one = await dirs.make('video-task-1-');
    const two = await dirs.make('video-task-1-');
    expect(one).not.toBe(two);
    expect(path.dirname(one)).toBe(dirs.dir);
    expect(path.basename(dirs.dir)).toMatch(new RegExp(`^${HOST.replace(/\./g, '\\.')}~${process.pid}~[0-9a-f]+$`));
    // A live process's folder survives another pool's sweep.
    expect(await sweepRenderDirs(root)).toEqual([]);
    await dirs.close();
    expect(existsSync(dirs.dir)).toBe(false);
  });
});
