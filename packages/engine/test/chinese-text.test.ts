// Chinese captions must come from the font this package ships, not from whatever fonts the host
// happens to have (this machine has Noto CJK installed; a bare server has none, and would show
// tofu). So: every character is in the registered font files, and the drawn caption has ink where
// the text goes and looks nothing like the tofu boxes of characters no font has.
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createCaptionLayer, layoutCaptions } from '../src/caption-layer.js';
import { resolveCaptionLook } from '../src/caption-style.js';
import { woffCodePoints } from '../src/font-coverage.js';
import { EMOJI_FAMILY, ensureFontFor, FONT_FAMILY, fontFamilies, FONT_WEIGHTS, registeredFontFiles } from '../src/fonts.js';
import { resolveTheme } from '../src/theme.js';

const SCRIPT = '阳光正好，我们去海边散步！孩子们堆起了沙堡，晚霞把天空染成粉色。鬱龘';
const size = { width: 720, height: 1280 };
const BACKGROUND = '#102030';

/** Draws one caption over a flat background; returns the caption box and the pixels. */
function drawCaption(text: string, families = `"${FONT_FAMILY}"`) {
  ensureFontFor(text);
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d', { alpha: false });
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, size.width, size.height);
  const look = resolveCaptionLook('classic', undefined, resolveTheme({ params: { text: '#ffffff' } }));
  const [layout] = layoutCaptions(ctx, [{ text, start: 0, end: 5 }], size, families, look);
  createCaptionLayer([layout!], look)(ctx, 2.5);
  const { x, y, width, height } = layout!.box;
  const pixels = ctx.getImageData(Math.floor(x), Math.floor(y), Math.ceil(width), Math.ceil(height));
  return { layout: layout!, pixels };
}

/** Light pixels: the white text over the dark box (the box itself is dark). */
const isInk = (data: Uint8ClampedArray, i: number) => data[i]! > 160 && data[i + 1]! > 160 && data[i + 2]! > 160;

function inkCount(data: Uint8ClampedArray): number {
  let count = 0;
  for (let i = 0; i < data.length; i += 4) if (isInk(data, i)) count++;
  return count;
}

/** Share of inked pixels that only one of the two images has (0: same shapes, 1: disjoint). */
function inkDistance(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let either = 0;
  let one = 0;
  for (let i = 0; i < a.length; i += 4) {
    const [inA, inB] = [isInk(a, i), isInk(b, i)];
    if (inA || inB) either++;
    if (inA !== inB) one++;
  }
  return one / either;
}

it('registers font files that hold every character of a Chinese script, rare ones included', () => {
  ensureFontFor(SCRIPT);
  const registered = GlobalFonts.families.find((f) => f.family === FONT_FAMILY);
  expect(registered?.styles.map((s) => s.weight)).toEqual(expect.arrayContaining(Object.values(FONT_WEIGHTS)));
  // Each WOFF 2 has a WOFF 1 twin with the same glyphs, whose cmap is simple to read.
  const covered = new Set<number>();
  for (const file of registeredFontFiles()) for (const point of woffCodePoints(file.replace(/\.woff2$/, '.woff'))) covered.add(point);
  expect(Array.from(SCRIPT).filter((char) => !covered.has(char.codePointAt(0)!))).toEqual([]);
});

it('draws the caption in the caption box, unlike tofu', () => {
  const chinese = drawCaption('孩子们堆起了沙堡');
  // Private-use characters: no font has them, so this is what missing glyphs look like (boxes).
  const tofu = drawCaption('\ue000\ue001\ue002\ue003\ue004\ue005\ue006\ue007');

  expect(chinese.layout.lines).toEqual(['孩子们堆起了沙堡']);
  expect(inkCount(chinese.pixels.data)).toBeGreaterThan(chinese.pixels.width * chinese.pixels.height * 0.05);
  expect([tofu.pixels.width, tofu.pixels.height]).toEqual([chinese.pixels.width, chinese.pixels.height]);
  expect(inkDistance(chinese.pixels.data, tofu.pixels.data)).toBeGreaterThan(0.5);
  expect(inkDistance(tofu.pixels.data, drawCaption('\ue010\ue011\ue012\ue013\ue014\ue015\ue016\ue017').pixels.data)).toBeLessThan(0.05);
});

it('wraps a long caption to the frame width and keeps it within three lines', () => {
  const { layout } = drawCaption(SCRIPT.repeat(2));
  expect(layout.lines.length).toBeLessThanOrEqual(3);
  expect(layout.box.width).toBeLessThanOrEqual(size.width);
  expect(layout.box.x).toBeGreaterThanOrEqual(0);
});

// Emoji are common in the titles and scripts people write. A server has no emoji font of its own
// (this one has none in colour); the package's Noto Color Emoji draws them, in colour.
const EMOJI = ['🌸', '😀', '❤️', '👍🏽', '🇨🇳', '🏳️‍🌈'];

it('registers the emoji font when a script has emoji, and it holds every one of them', () => {
  const script = `春天来了${EMOJI.join('')}`;
  ensureFontFor(script);
  const registered = GlobalFonts.families.find((f) => f.family === EMOJI_FAMILY);
  expect(registered).toBeDefined();
  const emojiFiles = registeredFontFiles().filter((file) => file.includes('noto-color-emoji'));
  const covered = new Set<number>();
  for (const file of emojiFiles) for (const point of woffCodePoints(file.replace(/\.woff2$/, '.woff'))) covered.add(point);
  const pictographs = Array.from(EMOJI.join('')).filter((char) => /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}/u.test(char));
  expect(pictographs.length).toBeGreaterThan(EMOJI.length);
  expect(pictographs.filter((char) => !covered.has(char.codePointAt(0)!))).toEqual([]);
  expect(emojiFiles).toHaveLength(1);
});

/** Pixels of a strong colour above the caption's yellow bar: an emoji's, never the white text on the dark box. */
function colourCount({ data, width, height }: { data: Uint8ClampedArray; width: number; height: number }): number {
  let count = 0;
  for (let i = 0; i < width * (height - 4) * 4; i += 4) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 50) count++;
  }
  return count;
}

it('draws each emoji in colour in a caption, as the renderer\'s family list does', () => {
  const plain = drawCaption('春天来了', fontFamilies());
  expect(colourCount(plain.pixels)).toBe(0);
  for (const emoji of EMOJI) {
    const { layout, pixels } = drawCaption(`春天来了${emoji}`, fontFamilies());
    expect(layout.lines).toEqual([`春天来了${emoji}`]);
    // A colour glyph of the caption's size: hundreds of coloured pixels, where tofu has none.
    expect({ emoji, coloured: colourCount(pixels) > 300 }).toEqual({ emoji, coloured: true });
  }
});
