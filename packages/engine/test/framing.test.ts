// What a viewer sees of the title card, the pictures and the captions, checked on frames of real
// renders: the card shows the user's title only and is gone by 1.5 s; a portrait photo in a 16:9
// video is shown whole over a blurred fill of itself; with a narration, a caption is drawn while
// its sentence is spoken and not in the pause after it. Each caption look is drawn where it says.
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CAPTION_STYLES } from '@app/contract';
import { createCaptionLayer, layoutCaptions } from '../src/caption-layer.js';
import { resolveCaptionLook } from '../src/caption-style.js';
import { ensureFontFor, FONT_FAMILY } from '../src/fonts.js';
import { builtinProvider, ffmpegPath, type RenderResult, type RenderTask } from '../src/index.js';
import { narrationStart } from '../src/narration-timing.js';
import { planVideo } from '../src/plan-video.js';
import { resolveTheme } from '../src/theme.js';
import { makePictures } from './helpers/pictures.js';

const run = promisify(execFile);
let dir: string;

interface Frame {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  at(x: number, y: number): [number, number, number];
}

/** The decoded frame at `t` seconds. */
async function frameAt(video: string, t: number): Promise<Frame> {
  const png = path.join(dir, `${path.basename(video)}-${t}.png`);
  await run(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(t), '-i', video, '-frames:v', '1', png]);
  const image = await loadImage(await readFile(png));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const { data } = canvas.getContext('2d').getImageData(0, 0, image.width, image.height);
  return {
    width: image.width, height: image.height, data,
    at: (x, y) => {
      const i = (Math.floor(y) * image.width + Math.floor(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

async function writePicture(name: string, width: number, height: number, paint: (ctx: ReturnType<Canvas['getContext']>) => void) {
  const canvas = createCanvas(width, height);
  paint(canvas.getContext('2d'));
  const file = path.join(dir, name);
  await writeFile(file, await canvas.encode('png'));
  return file;
}

const render = async (task: RenderTask) => builtinProvider.render(task, () => undefined, new AbortController().signal);
const isRed = ([r, g, b]: number[]) => r! > 170 && g! < 90 && b! < 90;
const isWhite = ([r, g, b]: number[]) => r! > 225 && g! > 225 && b! > 225;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'engine-framing-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a 16:9 video of a landscape and a portrait picture', () => {
  let green: string;
  let portrait: string;
  const task = (workDir: string, templateTitle: string | undefined): RenderTask => ({
    id: 'framing-1', title: '周末去海边', prompt: '', images: [green, portrait], aspectRatio: '16:9', duration: 6,
    template: { title: templateTitle, style: 'travel', params: { background: ['#0b1e3f', '#1f6feb'] } }, workDir,
  });
  let withName: RenderResult;
  let withoutName: RenderResult;

  beforeAll(async () => {
    green = await writePicture('green.png', 1280, 720, (ctx) => {
      ctx.fillStyle = '#00a000';
      ctx.fillRect(0, 0, 1280, 720);
    });
    // Black and white stripes 10 px wide, in a red border: sharp where it is itself, and its edges findable.
    portrait = await writePicture('portrait.png', 600, 900, (ctx) => {
      ctx.fillStyle = '#ff0000';
      ctx.fillRect(0, 0, 600, 900);
      for (let x = 16; x < 584; x += 20) {
        ctx.fillStyle = '#000000';
        ctx.fillRect(x, 16, 10, 868);
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(x + 10, 16, 10, 868);
      }
    });
    await Promise.all(['a', 'b'].map((d) => mkdir(path.join(dir, d))));
    withName = await render(task(path.join(dir, 'a'), '旅行日记'));
    withoutName = await render(task(path.join(dir, 'b'), undefined));
  });

  it('shows the title while the card is up, and the picture alone from 1.5 s on', async () => {
    const card = await frameAt(withName.video, 0.8);
    let ink = 0;
    for (let x = 0.3 * card.width; x < 0.7 * card.width; x += 2) for (let y = 0.3 * card.height; y < 0.6 * card.height; y += 2) if (isWhite(card.at(x, y))) ink++;
    expect(ink).toBeGreaterThan(200);
    const after = await frameAt(withName.video, 1.55);
    for (const [x, y] of [[0.5, 0.45], [0.3, 0.45], [0.7, 0.45], [0.5, 0.3]] as const) {
      const [r, g, b] = after.at(x * after.width, y * after.height);
      expect(g).toBeGreaterThan(120);
      expect(r + b).toBeLessThan(80);
    }
  });

  it('does not show the template’s name: the card is the same with or without one', async () => {
    const a = await frameAt(withName.video, 0.8);
    const b = await frameAt(withoutName.video, 0.8);
    let differing = 0;
    for (let i = 0; i < a.data.length; i += 4) if (Math.abs(a.data[i]! - b.data[i]!) > 24) differing++;
    expect(differing).toBeLessThan(a.width * a.height * 0.001);
  });

  it('shows the portrait picture whole, sharp in the middle over a blurred fill at the sides', async () => {
    const { timeline } = planVideo(task(dir, undefined), resolveTheme(undefined), 2);
    const slide = timeline.slides.find((s) => s.picture === 1)!;
    const frame = await frameAt(withName.video, (slide.start + slide.fadeIn + slide.end) / 2);
    // How much a row changes from one pixel to the next: stripes change a lot, a blur hardly.
    const roughness = (from: number, to: number) => {
      let sum = 0;
      let n = 0;
      for (let x = Math.floor(from * frame.width); x < to * frame.width; x++) {
        const [a] = frame.at(x, frame.height / 2);
        const [b] = frame.at(x + 1, frame.height / 2);
        sum += Math.abs(a - b);
        n++;
      }
      return sum / n;
    };
    expect(roughness(0.45, 0.55)).toBeGreaterThan(20);
    expect(roughness(0.02, 0.2)).toBeLessThan(4);
    expect(roughness(0.8, 0.98)).toBeLessThan(4);
    // Its red border shows above and below the middle: not cropped to a band.
    const column = Array.from({ length: frame.height }, (_, y) => frame.at(frame.width / 2, y));
    const red = column.map((pixel, y) => (isRed(pixel) ? y : -1)).filter((y) => y >= 0);
    expect(red.some((y) => y < frame.height * 0.2)).toBe(true);
    expect(red.some((y) => y > frame.height * 0.8)).toBe(true);
    // …and beyond it, the fill: neither the border nor the stripes at the very top and bottom.
    expect(isRed(column[2]!)).toBe(false);
    expect(isRed(column[frame.height - 3]!)).toBe(false);
  });
});

describe('a 9:16 video with a narration', () => {
  let result: RenderResult;
  let task: RenderTask;
  const sentences = [
    { text: '阳光正好，我们去海边散步。', start: 0.2, end: 2.2 },
    { text: '海浪一层层涌来！', start: 3.4, end: 5.0 },
    { text: '晚霞把天空染成粉色。', start: 5.6, end: 7.4 },
  ];

  beforeAll(async () => {
    const voice = path.join(dir, 'voice.wav');
    await run(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=8', voice]);
    task = {
      id: 'framing-narration', title: '海边', prompt: '这段文字不应出现：字幕来自配音的句子。', images: await makePictures(dir, 2),
      aspectRatio: '9:16', duration: 10, captionStyle: 'classic', narration: { file: voice, sentences }, workDir: dir,
    };
    result = await render(task);
  });

  it('times the captions to the spoken sentences, shifted by where the narration starts', () => {
    const { captions, timeline } = planVideo(task, resolveTheme(undefined), 2);
    const offset = narrationStart(timeline);
    expect(captions.map((c) => [c.text, c.start - offset, c.end - offset])).toEqual([
      ['阳光正好，我们去海边散步', 0.2, 2.2], ['海浪一层层涌来！', 3.4, 5.0], ['晚霞把天空染成粉色', 5.6, 7.4],
    ].map(([text, start, end]) => [text, expect.closeTo(start as number), expect.closeTo(end as number)]));
    // The picture changes in the pause of the voice, not while a sentence is spoken.
    const cut = timeline.slides[1]!.start + timeline.slides[1]!.fadeIn / 2;
    expect(sentences.some((s) => cut > s.start + offset && cut < s.end + offset)).toBe(false);
  });

  it('draws a caption in the middle of a sentence and none in the pause after it', async () => {
    const offset = narrationStart(planVideo(task, resolveTheme(undefined), 2).timeline);
    const whiteInCaptionRows = async (t: number) => {
      const frame = await frameAt(result.video, t);
      let n = 0;
      for (let y = Math.floor(frame.height * 0.68); y < frame.height * 0.8; y += 2) for (let x = 0; x < frame.width; x += 2) if (isWhite(frame.at(x, y))) n++;
      return n;
    };
    expect(await whiteInCaptionRows(offset + 4.2)).toBeGreaterThan(150); // 海浪一层层涌来！
    expect(await whiteInCaptionRows(offset + 2.8)).toBeLessThan(10); // the pause between the first two
    expect(await whiteInCaptionRows(offset + 1.2)).toBeGreaterThan(150);
  });
});

describe('caption looks', () => {
  const size = { width: 720, height: 1280 };
  const template = { style: '喜庆', params: { background: ['#5c0a0a', '#c8102e'], accent: '#ffd700', motif: 'confetti' } };
  const theme = resolveTheme(template);

  /** The caption drawn over mid-grey: the rows it inks, and the colours it uses. */
  function draw(style: (typeof CAPTION_STYLES)[number]) {
    const text = '晚霞把天空染成粉色';
    ensureFontFor(text);
    const canvas = createCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d', { alpha: false });
    ctx.fillStyle = '#808080';
    ctx.fillRect(0, 0, size.width, size.height);
    const look = resolveCaptionLook(style, template, theme);
    createCaptionLayer(layoutCaptions(ctx, [{ text, start: 0, end: 5 }], size, `"${FONT_FAMILY}"`, look), look)(ctx, 2.5);
    const { data } = ctx.getImageData(0, 0, size.width, size.height);
    let top = size.height;
    let bottom = 0;
    let yellow = 0;
    let white = 0;
    let dark = 0;
    for (let y = 0; y < size.height; y++) {
      for (let x = 0; x < size.width; x++) {
        const i = (y * size.width + x) * 4;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.abs(r - 128) + Math.abs(g - 128) + Math.abs(b - 128) < 6) continue;
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        if (r > 220 && g > 190 && b < 120) yellow++;
        if (r > 235 && g > 235 && b > 235) white++;
        if (r + g + b < 200) dark++;
      }
    }
    return { top: top / size.height, bottom: bottom / size.height, yellow, white, dark };
  }

  it('draws each look where and how it says', () => {
    const classic = draw('classic');
    expect(classic.bottom).toBeGreaterThan(0.7);
    expect(classic.bottom).toBeLessThan(0.82);
    expect(classic.white).toBeGreaterThan(300);
    expect(classic.dark).toBeGreaterThan(5000); // the band

    const bold = draw('bold');
    expect(bold.top).toBeGreaterThan(0.55);
    expect(bold.bottom).toBeLessThan(0.78);
    expect(bold.yellow).toBeGreaterThan(500);
    expect(bold.dark).toBeGreaterThan(500); // the outline
    expect(bold.dark).toBeLessThan(classic.dark); // no band

    const subtitle = draw('subtitle');
    expect(subtitle.top).toBeGreaterThan(0.85);
    expect(subtitle.white).toBeGreaterThan(200);
    expect(subtitle.white).toBeLessThan(classic.white * 1.2);

    // This template's own look: its gold words outlined in its red, in the lower middle.
    const own = draw('template');
    expect(own.top).toBeGreaterThan(0.55);
    expect(own.yellow).toBeGreaterThan(500);
  });
});
