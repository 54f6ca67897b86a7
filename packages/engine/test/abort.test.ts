// Cancel reaches the encoder: the render stops at once, says AbortError, and leaves neither an
// ffmpeg process nor a half-written file behind.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtinProvider, type RenderTask } from '../src/index.js';
import { ffmpegChildren } from './helpers/processes.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'engine-abort-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const task = (id: string): RenderTask => ({
  id, title: '取消测试', prompt: '这段视频会在中途被取消。', images: [], aspectRatio: '9:16', duration: 20, workDir: dir,
});

it('rejects within 2 s of the abort, with AbortError, and kills ffmpeg', async () => {
  const controller = new AbortController();
  let abortedAt = 0;
  const rendering = builtinProvider.render(
    task('aborted'),
    (percent) => {
      if (percent >= 10 && !abortedAt) {
        abortedAt = performance.now();
        controller.abort();
      }
    },
    controller.signal,
  );
  const error = await rendering.then(() => undefined, (err: unknown) => err as Error);
  const took = performance.now() - abortedAt;

  expect(abortedAt).toBeGreaterThan(0);
  expect(error?.name).toBe('AbortError');
  expect(took).toBeLessThan(2000);
  expect(await ffmpegChildren()).toEqual([]);
  expect(await readdir(dir)).toEqual([]);
});

it('rejects at once when the signal is already aborted, starting nothing', async () => {
  const controller = new AbortController();
  controller.abort(new Error('cancelled by the user'));
  const error = await builtinProvider.render(task('pre-aborted'), () => undefined, controller.signal).catch((err: Error) => err);
  expect(error).toMatchObject({ name: 'AbortError', cause: new Error('cancelled by the user') });
  expect(await ffmpegChildren()).toEqual([]);
});
