// The Chinese font comes from @fontsource/noto-sans-sc, registered by path. That package slices
// the font into ~100 unicode-range files per weight; registering all of them under one family
// makes every text draw search them (~4× slower text here), so the common set is registered once
// (chinese-simplified, ~7,900 characters, plus latin) and a rarer character pulls in just the
// slice that holds it.
import { GlobalFonts } from '@napi-rs/canvas';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { woffCodePoints } from './font-coverage.js';

export const FONT_FAMILY = 'Noto Sans SC';
/** Captions and labels use the first, titles the second. */
export const FONT_WEIGHTS = { text: 500, title: 700 } as const;

const COMMON_SUBSETS = ['chinese-simplified', 'latin', 'latin-ext'];
const packageDir = path.dirname(require.resolve('@fontsource/noto-sans-sc/package.json'));
const fontFile = (subset: string, weight: number, ext: 'woff' | 'woff2') =>
  path.join(packageDir, 'files', `noto-sans-sc-${subset}-${weight}-normal.${ext}`);

let covered: Set<number> | undefined;
const registeredSlices = new Set<string>();
const registeredFiles: string[] = [];
let slices: { name: string; ranges: [number, number][] }[] | undefined;

function register(subset: string): void {
  for (const weight of Object.values(FONT_WEIGHTS)) {
    const file = fontFile(subset, weight, 'woff2');
    if (!GlobalFonts.registerFromPath(file, FONT_FAMILY)) throw new Error(`could not register font ${file}`);
    registeredFiles.push(file);
  }
}

/** The numbered slices of unicode.json ("[42]": "U+4e00-4e0f,U+4e11,…"). */
function readSlices(): { name: string; ranges: [number, number][] }[] {
  const table = JSON.parse(readFileSync(path.join(packageDir, 'unicode.json'), 'utf8')) as Record<string, string>;
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

/**
 * Makes FONT_FAMILY able to draw every character of `text` that Noto Sans SC has. Registration
 * is process-wide and only ever grows by the slices text needs.
 */
export function ensureFontFor(text: string): void {
  if (!covered) {
    for (const subset of COMMON_SUBSETS) register(subset);
    covered = new Set();
    for (const subset of COMMON_SUBSETS) {
      for (const point of woffCodePoints(fontFile(subset, FONT_WEIGHTS.text, 'woff'))) covered.add(point);
    }
  }
  for (const char of new Set(text)) {
    const point = char.codePointAt(0)!;
    if (covered.has(point) || point < 0x20) continue;
    slices ??= readSlices();
    const slice = slices.find((s) => s.ranges.some(([start, end]) => point >= start && point <= end));
    covered.add(point); // asked once: a character the font lacks falls back to the host's fonts
    if (!slice || registeredSlices.has(slice.name)) continue;
    register(slice.name);
    registeredSlices.add(slice.name);
    for (const [start, end] of slice.ranges) for (let c = start; c <= end; c++) covered.add(c);
  }
}

/** The WOFF 2 files registered so far: what the tests check the coverage of. */
export const registeredFontFiles = (): readonly string[] => registeredFiles;
