// The built-in provider renders in worker threads (render-threads.ts): renders at the same time
// get a thread each, a thread outlives a failed or aborted render and serves the next, and an
// idle thread does not keep the process alive (test/memory.test.ts's child processes exit by
// themselves after their render).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtinProvider, type RenderTask } from '../src/index.js';
import { probe } from './helpers/probe.js';
import { ffmpegChildren } from './helpers/processes.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'engine-threads-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const task = (id: string, overrides: Partial<RenderTask> = {}): RenderTask => ({
  id, title: '线程测试', prompt: '两个视频同时渲染，互不干扰。', images: [], aspectRatio: '16:9', duration: 5, workDir: dir, ...overrides,
});
const render = (id: string, signal = new AbortController().signal, overrides: Partial<RenderTask> = {}) =>
  builtinProvider.render(task(id, overrides), () => undefined, signal);

it('renders videos at the same time, each whole, then more in the same threads', async () => {
  const progress: [number[], number[]] = [[], []];
  const both = await Promise.all(
    (['a', 'b'] as const).map((id, i) => builtinProvider.render(task(`together-${id}`), (p) => progress[i]!.push(p), new AbortController().signal)),
  );
  const after = await render('after');
  for (const result of [...both, after]) expect((await probe(result.video)).video).toMatchObject({ codec: 'h264', width: 1280, height: 720, frames: 150 });
  // Each caller heard its own render's progress, rising to 100.
  for (const percents of progress) {
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
  }
});

it('aborts one render and leaves the one beside it whole', async () => {
  const controller = new AbortController();
  const aborted = builtinProvider.render(task('abort-me'), (p) => p >= 10 && controller.abort(), controller.signal);
  const kept = render('keep-me');
  await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  expect((await probe((await kept).video)).video.frames).toBe(150);
  expect(await ffmpegChildren()).toEqual([]);
});

it('reports a failed render with its reason, and renders the next one in the same thread', async () => {
  const broken = path.join(dir, 'broken.jpg');
  await writeFile(broken, 'not a picture');
  await expect(render('broken', undefined, { images: [broken] })).rejects.toThrow(/picture 1 .*broken\.jpg.*could not be read/);
  expect((await probe((await render('next')).video)).video.frames).toBe(150);
});
