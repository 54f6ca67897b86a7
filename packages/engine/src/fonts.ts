// The fonts come from @fontsource packages, registered by path: Noto Sans SC for the text and
// Noto Color Emoji for the emoji people put in titles and scripts (on a server without an emoji
// font they would otherwise be drawn as tofu). Fontsource slices a font into unicode-range files;
// registering all of them under one family makes every text draw search them (~4× slower text
// here), so Noto Sans SC's common set is registered once (chinese-simplified, ~7,900 characters,
// plus latin), a rarer character pulls in just the slice that holds it, and the first emoji the
// emoji font.
import { GlobalFonts } from '@napi-rs/canvas';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { woffCodePoints } from './font-coverage.js';

export const FONT_FAMILY = 'Noto Sans SC';
/** Behind the text font in every family list: it has no letters, only emoji (colour glyphs). */
export const EMOJI_FAMILY = 'Noto Color Emoji';
/** Captions and labels use the first, titles the second. */
export const FONT_WEIGHTS = { text: 500, title: 700 } as const;

interface FontPackage {
  family: string;
  dir: string;
  /** The file name's stem: `<stem>-<slice>-<weight>-normal.woff2`. */
  stem: string;
  weights: readonly number[];
  /** Slices registered before the first draw, their coverage read from the files. */
  common: readonly string[];
  /** The numbered slices of unicode.json, read when a character needs one, unless given. */
  slices?: Slice[];
}

interface Slice {
  name: string;
  ranges: [number, number][];
}

const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const PACKAGES: FontPackage[] = [
  {
    family: FONT_FAMILY,
    dir: packageDir('@fontsource/noto-sans-sc'),
    stem: 'noto-sans-sc',
    weights: Object.values(FONT_WEIGHTS),
    common: ['chinese-simplified', 'latin', 'latin-ext'],
  },
  // One weight: a colour glyph is the same at any weight. One file, the whole font: Skia draws
  // the numbered slices' glyphs as nothing at all.
  {
    family: EMOJI_FAMILY,
    dir: packageDir('@fontsource/noto-color-emoji'),
    stem: 'noto-color-emoji',
    weights: [400],
    common: [],
    slices: [{ name: 'emoji', ranges: [[0, 0x10ffff]] }],
  },
];
const [TEXT_FONT] = PACKAGES as [FontPackage, FontPackage];

const fontFile = (font: FontPackage, slice: string, weight: number, ext: 'woff' | 'woff2') =>
  path.join(font.dir, 'files', `${font.stem}-${slice}-${weight}-normal.${ext}`);

let covered: Set<number> | undefined;
const registeredSlices = new Set<string>();
const registeredFiles: string[] = [];

function register(font: FontPackage, slice: string): void {
  for (const weight of font.weights) {
    const file = fontFile(font, slice, weight, 'woff2');
    if (!GlobalFonts.registerFromPath(file, font.family)) throw new Error(`could not register font ${file}`);
    registeredFiles.push(file);
  }
}

/** The numbered slices of a package's unicode.json ("[42]": "U+4e00-4e0f,U+4e11,…"). */
function readSlices(font: FontPackage): Slice[] {
  const table = JSON.parse(readFileSync(path.join(font.dir, 'unicode.json'), 'utf8')) as Record<string, string>;
  return Object.entries(table)
    .filter(([key]) => /^\[\d+\]$/.test(key))
    .map(([key, value]) => ({
      name: key.slice(1, -1),
      ranges: value.split(',').map((range): [number, number] => {
        const [start, end] = range.trim().replace(/^U\+/i, '').split('-');
        const first = parseInt(start ?? '', 16);
        return [first, end === undefined ? first : parseInt(end, 16)];
      }),
    }));
}

/** The slice of a package whose unicode-range names `point`, if any. */
function sliceOf(font: FontPackage, point: number): Slice | undefined {
  font.slices ??= readSlices(font);
  return font.slices.find((s) => s.ranges.some(([start, end]) => point >= start && point <= end));
}

const glyphs = new Map<string, Set<number>>();

/**
 * The code points a slice has glyphs for, read from its WOFF 1 twin (same glyphs as the WOFF 2).
 * Fewer than its unicode-range names: Noto Sans SC's slices name emoji it has no glyph for.
 */
function glyphsOf(font: FontPackage, slice: string): Set<number> {
  const file = fontFile(font, slice, font.weights[0]!, 'woff');
  let points = glyphs.get(file);
  if (!points) glyphs.set(file, (points = woffCodePoints(file)));
  return points;
}

/**
 * Makes the family list `fontFamilies()` ends with able to draw every character of `text` that
 * Noto Sans SC or Noto Color Emoji has, the first in that order that has it. Registration is
 * process-wide and only ever grows by the slices text needs.
 */
export function ensureFontFor(text: string): void {
  if (!covered) {
    covered = new Set();
    for (const subset of TEXT_FONT.common) {
      register(TEXT_FONT, subset);
      for (const point of glyphsOf(TEXT_FONT, subset)) covered.add(point);
    }
  }
  for (const char of new Set(text)) {
    const point = char.codePointAt(0)!;
    if (covered.has(point) || point < 0x20) continue;
    covered.add(point); // asked once: a character neither font has falls back to the host's fonts
    for (const font of PACKAGES) {
      const slice = sliceOf(font, point);
      if (!slice || !glyphsOf(font, slice.name).has(point)) continue;
      const key = `${font.family}:${slice.name}`;
      if (!registeredSlices.has(key)) {
        register(font, slice.name);
        registeredSlices.add(key);
        for (const glyph of glyphsOf(font, slice.name)) covered.add(glyph);
      }
      break;
    }
  }
}

/** A CSS family list, quoted: a template's own font first, then ours for what it lacks. */
export function fontFamilies(first?: string): string {
  return [first, FONT_FAMILY, EMOJI_FAMILY]
    .filter(Boolean)
    .map((family) => `"${family}"`)
    .join(', ');
}

/** The WOFF 2 files registered so far: what the tests check the coverage of. */
export const registeredFontFiles = (): readonly string[] => registeredFiles;
