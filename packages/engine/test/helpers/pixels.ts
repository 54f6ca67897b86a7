// Measures of a picture's content, to tell a drawn scene (or a photo) from a gradient, and one
// picture from another, without comparing against stored images. RGBA bytes, row by row.
import { createCanvas, loadImage } from '@napi-rs/canvas';
export interface Pixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

const luma = (d: Pixels['data'], i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

/** The share of pixels whose brightness jumps by more than `step` to the next pixel right or below: outlines, not gradients. */
export function edgeShare({ data, width, height }: Pixels, step = 24): number {
  let edges = 0;
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = (y * width + x) * 4;
      const here = luma(data, i);
      if (Math.abs(here - luma(data, i + 4)) > step || Math.abs(here - luma(data, i + width * 4)) > step) edges++;
    }
  }
  return edges / ((width - 1) * (height - 1));
}

/** The share of pixels in each colour bin (4 bits a channel: 4096 bins). */
export function colourHistogram({ data }: Pixels): Float64Array {
  const bins = new Float64Array(4096);
  const count = data.length / 4;
  for (let i = 0; i < data.length; i += 4) bins[((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4)]! += 1 / count;
  return bins;
}

/** How many colour bins hold at least 0.2 % of the picture: a two-stop gradient fills few, a scene many. */
export function colourVariety(pixels: Pixels): number {
  return colourHistogram(pixels).filter((share) => share >= 0.002).length;
}

/** 1 for pictures of the same colours in the same amounts, 0 for pictures sharing none. */
export function histogramOverlap(a: Pixels, b: Pixels): number {
  const [ha, hb] = [colourHistogram(a), colourHistogram(b)];
  let overlap = 0;
  for (let i = 0; i < ha.length; i++) overlap += Math.min(ha[i]!, hb[i]!);
  return overlap;
}

/** The mean colour, [r, g, b]. */
export function meanColour({ data }: Pixels): [number, number, number] {
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  const count = data.length / 4;
  return sum.map((s) => s / count) as [number, number, number];
}

/** The mean absolute difference per channel of two pictures of one size (0–255). */
export function meanDifference(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('pictures of different sizes');
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
    n += 3;
  }
  return sum / n;
}

/** A JPEG, PNG or WebP file's (or bytes') pixels. */
export async function readPixels(source: string | Buffer): Promise<Pixels> {
  const image = await loadImage(source);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { data: ctx.getImageData(0, 0, image.width, image.height).data, width: image.width, height: image.height };
}

/** True when every channel of `a` is within `tolerance` of `b`'s. */
export const closeColour = (a: readonly number[], b: readonly number[], tolerance: number) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
