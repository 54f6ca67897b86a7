/**
 * The app's icon, drawn at build time (no image files in the repository): a blue tile, a white
 * rounded video frame with a play triangle in the product blue, and an AI sparkle at its corner.
 * Shapes are signed distance functions, sampled 4×4 per pixel for smooth edges, written as PNG
 * (and as a PNG-in-ICO favicon) with node:zlib.
 */
import { deflateSync } from 'node:zlib';

export const THEME_COLOR = '#0067ED';
export const BACKGROUND_COLOR = '#E8F0F8';

type Rgba = [number, number, number, number];
type Layer = { distance: (x: number, y: number) => number; color: (x: number, y: number) => Rgba };

const TOP: Rgba = [0x2b, 0x8a, 0xff, 255]; // lighter blue, top left
const BOTTOM: Rgba = [0x00, 0x4f, 0xc4, 255]; // deeper blue, bottom right
const WHITE: Rgba = [255, 255, 255, 255];
const PLAY: Rgba = [0x00, 0x67, 0xed, 255];
const SPARK: Rgba = [0xff, 0xd2, 0x4a, 255];

/** Distance to a rounded box centred at (cx, cy), half sizes (hw, hh), corner radius r. */
function roundedBox(x: number, y: number, cx: number, cy: number, hw: number, hh: number, r: number): number {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** Distance to a triangle (a, b, c), negative inside. */
function triangle(x: number, y: number, [a, b, c]: [number, number][]): number {
  const pts = [a!, b!, c!];
  let d = Infinity;
  let positive = 0;
  let negative = 0;
  for (let i = 0; i < 3; i++) {
    const [x1, y1] = pts[i]!;
    const [x2, y2] = pts[(i + 1) % 3]!;
    const ex = x2 - x1;
    const ey = y2 - y1;
    const wx = x - x1;
    const wy = y - y1;
    const t = Math.max(0, Math.min(1, (wx * ex + wy * ey) / (ex * ex + ey * ey)));
    d = Math.min(d, Math.hypot(wx - ex * t, wy - ey * t));
    if (ex * wy - ey * wx < 0) negative++;
    else positive++;
  }
  // Inside: the point is on the same side of all three edges, whichever way they turn.
  return negative === 0 || positive === 0 ? -d : d;
}

/** A four-pointed sparkle (an astroid-like star) at (cx, cy) with radius r. */
function sparkle(x: number, y: number, cx: number, cy: number, r: number): number {
  const dx = Math.abs(x - cx) / r;
  const dy = Math.abs(y - cy) / r;
  if (dx > 1.2 || dy > 1.2) return Math.max(dx, dy) * r - r;
  // |x|^p + |y|^p = 1 with p < 1 gives the four curved points.
  const p = 0.55;
  const v = Math.pow(dx, p) + Math.pow(dy, p);
  return (Math.pow(v, 1 / p) - 1) * r * 0.5;
}

/**
 * The picture in a unit square (0..1). `maskable`: the tile fills the square and the drawing
 * keeps inside the central safe circle; otherwise a rounded tile on a transparent square.
 */
function layers(maskable: boolean): Layer[] {
  const s = maskable ? 0.72 : 1; // scale of the drawing about the centre
  const at = (v: number) => 0.5 + (v - 0.5) * s;
  const gradient = (x: number, y: number): Rgba => {
    const t = Math.max(0, Math.min(1, (x + y) / 2));
    return [0, 1, 2, 3].map((i) => TOP[i]! + (BOTTOM[i]! - TOP[i]!) * t) as Rgba;
  };
  const tile: Layer = maskable
    ? { distance: () => -1, color: gradient }
    : { distance: (x, y) => roundedBox(x, y, 0.5, 0.5, 0.47, 0.47, 0.22), color: gradient };
  const frame: Layer = {
    distance: (x, y) => roundedBox(x, y, at(0.47), at(0.53), 0.3 * s, 0.23 * s, 0.08 * s),
    color: () => WHITE,
  };
  const play: Layer = {
    distance: (x, y) =>
      triangle(x, y, [
        [at(0.39), at(0.4)],
        [at(0.39), at(0.66)],
        [at(0.61), at(0.53)],
      ]) - 0.012 * s,
    color: () => PLAY,
  };
  const spark: Layer = { distance: (x, y) => sparkle(x, y, at(0.76), at(0.25), 0.13 * s), color: () => SPARK };
  const sparkSmall: Layer = { distance: (x, y) => sparkle(x, y, at(0.86), at(0.4), 0.06 * s), color: () => SPARK };
  return [tile, frame, play, spark, sparkSmall];
}

/**
 * RGBA pixels of the icon at `size`×`size`. Each layer covers a pixel wholly, not at all, or (near
 * its edge) by the share of 4×4 samples inside it; the layers are painted bottom to top.
 */
export function drawIcon(size: number, maskable: boolean): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const stack = layers(maskable);
  const N = 4;
  const edge = 2 / size; // a pixel near an edge is sampled
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) / size;
      const y = (py + 0.5) / size;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (const layer of stack) {
        const d = layer.distance(x, y);
        let coverage: number;
        if (d > edge) continue;
        if (d < -edge) coverage = 1;
        else {
          let inside = 0;
          for (let sy = 0; sy < N; sy++) {
            for (let sx = 0; sx < N; sx++) {
              if (layer.distance((px + (sx + 0.5) / N) / size, (py + (sy + 0.5) / N) / size) <= 0) inside++;
            }
          }
          coverage = inside / (N * N);
          if (coverage === 0) continue;
        }
        const [lr, lg, lb, la] = layer.color(x, y);
        const alpha = (la / 255) * coverage;
        r = lr * alpha + r * (1 - alpha);
        g = lg * alpha + g * (1 - alpha);
        b = lb * alpha + b * (1 - alpha);
        a = alpha + a * (1 - alpha);
      }
      const i = (py * size + px) * 4;
      pixels[i] = a > 0 ? Math.round(r / a) : 0;
      pixels[i + 1] = a > 0 ? Math.round(g / a) : 0;
      pixels[i + 2] = a > 0 ? Math.round(b / a) : 0;
      pixels[i + 3] = Math.round(a * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG (8-bit RGBA) of square RGBA pixels. */
export function encodePng(pixels: Buffer, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO holding PNG images (every browser reads PNG-in-ICO). */
export function encodeIco(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size;
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

/** Every icon file the shell ships, by output name. */
export function appIconFiles(): Record<string, Buffer> {
  const png = (size: number, maskable: boolean) => encodePng(drawIcon(size, maskable), size);
  return {
    'icons/icon-192.png': png(192, false),
    'icons/icon-512.png': png(512, false),
    'icons/maskable-192.png': png(192, true),
    'icons/maskable-512.png': png(512, true),
    // iOS rounds the corners itself and shows no transparency: the full-bleed tile.
    'apple-touch-icon.png': png(180, true),
    'favicon.ico': encodeIco([16, 32, 48].map((size) => ({ size, png: png(size, false) }))),
  };
}

/** The web app manifest (relative URLs: the shell may be served under a path). */
export function webAppManifest(): Record<string, unknown> {
  return {
    id: './',
    name: 'AI视频生成工具',
    short_name: 'AI视频',
    description: '用 AI 把图片和文字生成短视频',
    lang: 'zh-CN',
    dir: 'ltr',
    start_url: './#/',
    scope: './',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['photo', 'entertainment'],
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
