// Real renders, checked the way a phone would see them: ffprobe on the MP4, the boxes' order for
// streaming, the cover as a decoded image. 5 s videos keep the suite quick; 1:1 is the heaviest.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtinProvider, type AspectRatio, type RenderTask } from '../src/index.js';
import { frameSize } from '../src/frame-size.js';
import { hashString } from '../src/motion.js';
import { planVideo } from '../src/plan-video.js';
import { createScene } from '../src/scenes.js';
import { resolveTheme } from '../src/theme.js';
import { makePictures } from './helpers/pictures.js';
import { closeColour, edgeShare, meanColour, meanDifference, readPixels } from './helpers/pixels.js';
import { probe, topLevelBoxes } from './helpers/probe.js';

let dir: string;
let pictures: string[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'engine-render-'));
  pictures = await makePictures(dir, 3);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const task = (overrides: Partial<RenderTask>): RenderTask => ({
  id: 'task-1',
  title: '周末去海边',
  prompt: '阳光正好，我们去海边散步。海浪一层层涌来！孩子们堆起了沙堡；晚霞把天空染成粉色。',
  images: [],
  aspectRatio: '9:16',
  duration: 5,
  template: { title: '旅行日记', style: 'travel', params: { background: ['#0b1e3f', '#1f6feb'], accent: '#ffd166' } },
  workDir: dir,
  ...overrides,
});

describe.each([
  { aspectRatio: '9:16' as AspectRatio, width: 720, height: 1280, pictureCount: 3 },
  { aspectRatio: '16:9' as AspectRatio, width: 1280, height: 720, pictureCount: 0 },
  { aspectRatio: '1:1' as AspectRatio, width: 1080, height: 1080, pictureCount: 2 },
])('a 5 s $aspectRatio render with $pictureCount pictures', ({ aspectRatio, width, height, pictureCount }) => {
  const id = `render-${aspectRatio.replace(':', 'x')}`;
  const progress: number[] = [];
  let result: Awaited<ReturnType<typeof builtinProvider.render>>;

  beforeAll(async () => {
    const images = pictures.slice(0, pictureCount);
    result = await builtinProvider.render(task({ id, aspectRatio, images }), (p) => progress.push(p), new AbortController().signal);
  });

  it('is H.264 in yuv420p at the size of its aspect ratio, with exactly duration × 30 frames', async () => {
    const info = await probe(result.video);
    expect(info.video).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width, height, frames: 150 });
    expect(Math.abs(info.video.duration - 5)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(info.duration - 5)).toBeLessThanOrEqual(0.1);
    expect(result.durationSeconds).toBe(5);
  });

  it('has the template\'s music (audio.test.ts listens to it), as long as the video', async () => {
    const { audio } = await probe(result.video);
    expect(audio?.codec).toBe('aac');
    expect(Math.abs((audio?.duration ?? 0) - 5)).toBeLessThanOrEqual(0.1);
  });

  it('puts the moov box before mdat, so playback starts before the download ends', async () => {
    const boxes = await topLevelBoxes(result.video);
    expect(boxes).toContain('mdat');
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  });

  it('writes a JPEG cover of the frame size', async () => {
    const bytes = await readFile(result.cover);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const image = await loadImage(bytes);
    expect([image.width, image.height]).toEqual([width, height]);
  });

  it('reports progress rising to 100, and leaves no partial file', async () => {
    expect(progress.length).toBeGreaterThan(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);
    expect(progress.at(-1)).toBe(100);
    expect((await readdir(dir)).filter((f) => f.includes('partial'))).toEqual([]);
  });
});

describe('the cover', () => {
  /** A picture of one colour, of the video's shape (so it fills the frame, not shown whole over a darkened fill). */
  async function flatPicture(name: string, colour: string): Promise<string> {
    const canvas = createCanvas(540, 960);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, 540, 960);
    const file = path.join(dir, `${name}.png`);
    await writeFile(file, await canvas.encode('png'));
    return file;
  }

  it('is the user\'s first picture alone: not the title card, no caption over it', async () => {
    const images = [await flatPicture('orange', '#e07020'), await flatPicture('violet', '#6a3cc8')];
    const result = await builtinProvider.render(task({ id: 'cover-pictures', images }), () => undefined, new AbortController().signal);
    const cover = await readPixels(result.cover);
    // (Its mean colour shown when it fails: the title card's would be the template's blue.)
    expect({ mean: meanColour(cover).map(Math.round), close: closeColour(meanColour(cover), [0xe0, 0x70, 0x20], 12) }).toMatchObject({ close: true });
    // Flat: no caption's letters on it.
    expect(edgeShare(cover)).toBeLessThan(0.001);
  });

  it('is a template\'s drawn scene alone when the video has no pictures, as the scene is at that moment', async () => {
    const sceneTask = task({
      id: 'cover-scene', aspectRatio: '1:1',
      template: { title: '品牌故事', style: 'business', params: { background: ['#1c1c1e', '#3a3a3c'], accent: '#e5b567', scene: 'skyline' } },
    });
    const result = await builtinProvider.render(sceneTask, () => undefined, new AbortController().signal);
    const cover = await readPixels(result.cover);
    const { timeline } = planVideo(sceneTask, resolveTheme(sceneTask.template), 0);
    expect(timeline.coverIsBody).toBe(true);
    const canvas = createCanvas(1080, 1080);
    createScene('skyline', frameSize('1:1'), hashString(sceneTask.id))(canvas.getContext('2d', { alpha: false }), timeline.coverFrame / 30);
    const expected = { data: canvas.data(), width: 1080, height: 1080 };
    // JPEG loses a little; the title card or a caption would differ by far more.
    expect(meanDifference(cover, expected)).toBeLessThan(3);
    expect(edgeShare(cover)).toBeGreaterThan(0.012);
  });
});

describe('a task the provider cannot render', () => {
  it('is refused before any work when it breaks the contract', async () => {
    const signal = new AbortController().signal;
    await expect(builtinProvider.render(task({ duration: 4 }), () => undefined, signal)).rejects.toThrow(/duration/);
    await expect(builtinProvider.render(task({ duration: 7.5 }), () => undefined, signal)).rejects.toThrow(/duration/);
    await expect(builtinProvider.render(task({ images: ['relative.jpg'] }), () => undefined, signal)).rejects.toThrow(/absolute/);
    await expect(builtinProvider.render(task({ images: Array(10).fill(pictures[0]) }), () => undefined, signal)).rejects.toThrow(/at most 9/);
  });

  it('fails with the picture named when one cannot be decoded', async () => {
    const broken = path.join(dir, 'broken.jpg');
    await writeFile(broken, 'not a picture');
    await expect(
      builtinProvider.render(task({ id: 'broken', images: [pictures[0]!, broken] }), () => undefined, new AbortController().signal),
    ).rejects.toThrow(/picture 2 .*broken\.jpg/);
  });
});
