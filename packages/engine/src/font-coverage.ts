// Which code points a font file has glyphs for, read from its cmap. Skia quietly falls back to
// the host's fonts for a missing glyph, so a render can look right here and show tofu on a bare
// server: knowing the coverage lets fonts.ts register the extra subset a character needs.
// Reads WOFF 1 (zlib per table), which @fontsource ships beside each WOFF 2 with the same glyphs.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

export function woffCodePoints(file: string): Set<number> {
  const woff = readFileSync(file);
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error(`${file} is not a WOFF 1 file`);
  const tables = woff.readUInt16BE(12);
  for (let i = 0; i < tables; i++) {
    const entry = 44 + i * 20;
    if (woff.toString('latin1', entry, entry + 4) !== 'cmap') continue;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const original = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return cmapCodePoints(compressed < original ? inflateSync(raw) : raw);
  }
  throw new Error(`${file} has no cmap table`);
}

/** Union of the Unicode subtables: format 4 (the BMP) and format 12 (all planes). */
function cmapCodePoints(cmap: Buffer): Set<number> {
  const points = new Set<number>();
  const subtables = cmap.readUInt16BE(2);
  for (let i = 0; i < subtables; i++) {
    const at = cmap.readUInt32BE(4 + i * 8 + 4);
    const format = cmap.readUInt16BE(at);
    if (format === 12) {
      const groups = cmap.readUInt32BE(at + 12);
      for (let g = 0; g < groups; g++) {
        const start = cmap.readUInt32BE(at + 16 + g * 12);
        const end = cmap.readUInt32BE(at + 20 + g * 12);
        for (let c = start; c <= end; c++) points.add(c);
      }
    } else if (format === 4) {
      const segments = cmap.readUInt16BE(at + 6) / 2;
      for (let s = 0; s < segments; s++) {
        const end = cmap.readUInt16BE(at + 14 + s * 2);
        const start = cmap.readUInt16BE(at + 16 + segments * 2 + s * 2);
        if (start === 0xffff) continue;
        for (let c = start; c <= end; c++) points.add(c);
      }
    }
  }
  return points;
}
