// A video made of a model's clips: the clips fill the body in order (scaled to cover the frame,
// cut or held to their slot), under the same title card, captions, music and cover as a
// slideshow. Frames are checked by colour where no caption or title covers them.
import { loadImage } from '@napi-rs/canvas';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { builtinProvider, ffmpegPath, type RenderResult, type RenderTask } from '../src/index.js';
import { planVideo } from '../src/plan-video.js';
import { resolveTheme } from '../src/theme.js';
import { closeColour, meanColour, readPixels } from './helpers/pixels.js';
import { probe } from './helpers/probe.js';

const run = promisify(execFile);
let dir: string;
let result: RenderResult;
let task: RenderTask;
const progress: number[] = [];

/** A clip of one flat colour, at a size and ratio unlike the video's (as vendors' clips are). */
async function colourClip(name: string, colour: string, seconds: number, size: string): Promise<string> {
  const file = path.join(dir, `${name}.mp4`);
  await run(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:s=${size}:r=24:d=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  return file;
}

/** The frame at `t` seconds, and its colour at (x, y) as fractions of the frame. */
async function colourAt(video: string, t: number, x: number, y: number): Promise<[number, number, number]> {
  const png = path.join(dir, `frame-${t}.png`);
  await run(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(t), '-i', video, '-frames:v', '1', png]);
  const image = await loadImage(await readFile(png));
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const [r, g, b] = ctx.getImageData(Math.floor(image.width * x), Math.floor(image.height * y), 1, 1).data;
  return [r!, g!, b!];
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'engine-clips-'));
  const clips = [
    await colourClip('red', 'red', 5, '1280x720'), // landscape into a portrait video: cropped to cover
    await colourClip('blue', 'blue', 2, '720x1280'), // shorter than its slot: its last frame is held
    await colourClip('green', 'green', 10, '960x960'), // longer than its slot: cut
  ];
  task = {
    id: 'clips-1', title: '海边的一天', prompt: '清晨出发。海浪涌来！晚霞满天。', images: [], aspectRatio: '9:16', duration: 12,
    template: { title: '旅行日记', style: 'travel', params: {} }, workDir: dir, clips,
  };
  result = await builtinProvider.render(task, (p) => progress.push(p), new AbortController().signal);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('the video is the asked length and size, H.264 with the music', async () => {
  const info = await probe(result.video);
  expect(info.video).toMatchObject({ codec: 'h264', width: 720, height: 1280, frames: 360 });
  expect(info.audio?.codec).toBe('aac');
  expect(Math.abs((info.audio?.duration ?? 0) - 12)).toBeLessThanOrEqual(0.1);
  expect(progress.at(-1)).toBe(100);
});

test('each clip fills its slot in order, covering the whole frame; a short clip holds its last frame', async () => {
  // The slots the render used: its timeline, cut between the captions.
  const { slides } = planVideo(task, resolveTheme(task.template), 3).timeline;
  const middle = (i: number) => (slides[i]!.start + slides[i]!.fadeIn + slides[i]!.end) / 2;
  const near = (actual: readonly number[], expected: readonly number[]) => actual.every((v, i) => Math.abs(v - expected[i]!) < 40);
  // Sampled high in the frame, clear of the captions; at the edges too, where a letterbox would show.
  for (const [i, colour] of [[0, [255, 0, 0]], [1, [0, 0, 255]], [2, [0, 128, 0]]] as const) {
    for (const x of [0.02, 0.5, 0.98]) expect(near(await colourAt(result.video, middle(i), x, 0.2), colour)).toBe(true);
  }
  // The blue clip is 2 s; its slot is longer: its end still shows blue, not black.
  expect(slides[2]!.start - slides[1]!.start).toBeGreaterThan(2.5);
  expect(near(await colourAt(result.video, slides[2]!.start - 0.05, 0.5, 0.2), [0, 0, 255])).toBe(true);
});

test('the title card covers the first clip while it shows, and the cover is taken from it', async () => {
  const atStart = await colourAt(result.video, 0.8, 0.5, 0.1);
  expect(atStart[0]).toBeLessThan(150); // the theme's blue backdrop, not the red clip
  const cover = await readPixels(result.cover);
  expect([cover.width, cover.height]).toEqual([720, 1280]);
  // The first clip alone (red), without the title card or a caption over it.
  expect(closeColour(meanColour(cover), [255, 0, 0], 30)).toBe(true);
});
