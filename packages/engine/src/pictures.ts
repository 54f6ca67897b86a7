// The user's pictures, decoded one at a time and kept only as frame-sized copies: a 12 MP photo
// decodes to ~48 MB, nine of them would dwarf the rest of a render, and resampling a full photo
// on every frame is what would make drawing slow.
//
// A picture of the frame's shape fills it (cover, the overflow cropped evenly). One whose shape
// differs by more than a little — a portrait photo in 16:9, a landscape one in 9:16 — would be
// cut to a band that way, so it is shown whole (contain) over a blurred, darkened fill of itself
// that covers the frame. The blur is made here, once per picture, never per frame.
import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import { readFile } from 'node:fs/promises';
import { throwIfAborted } from './abort-error.js';
import type { FrameSize } from './frame-size.js';

/** The deepest Ken Burns zoom: copies are made this much larger than the frame, so never upscaled. */
export const MAX_ZOOM = 1.15;
/** How far a picture's shape may be from the frame's (ratio of ratios) and still be cropped to fill it. */
export const SHAPE_TOLERANCE = 1.12;
/** The fill is blurred at this fraction of the frame's size, then drawn back up: cheap, and smooth. */
const FILL_SCALE = 1 / 8;

export interface Picture {
  /** The frame-sized copy (MAX_ZOOM × the frame) the slides draw from. */
  canvas: Canvas;
  /** True when the picture is shown whole over its blurred fill: the slides then only zoom about its centre. */
  whole: boolean;
}

export function needsWhole(image: { width: number; height: number }, { width, height }: FrameSize): boolean {
  const off = image.width / image.height / (width / height);
  return Math.max(off, 1 / off) > SHAPE_TOLERANCE;
}

export async function loadPictures(paths: string[], size: FrameSize, signal: AbortSignal): Promise<Picture[]> {
  const pictures: Picture[] = [];
  for (const [i, file] of paths.entries()) {
    throwIfAborted(signal);
    // Read here, not by loadImage: it would also fetch a URL, and a provider uses no network.
    const image = await loadImage(await readFile(file)).catch((err: unknown) => {
      throw new Error(`picture ${i + 1} (${file}) could not be read: ${(err as Error).message}`, { cause: err });
    });
    const copy = createCanvas(Math.ceil(size.width * MAX_ZOOM), Math.ceil(size.height * MAX_ZOOM));
    const whole = needsWhole(image, size);
    if (whole) drawWhole(copy, image);
    else drawCover(copy, image, 1);
    pictures.push({ canvas: copy, whole });
  }
  return pictures;
}

/** Cover: fill the whole canvas, cropping the overflow evenly on the long side. */
function drawCover(target: Canvas, image: Image | Canvas, zoom: number) {
  const ctx = target.getContext('2d');
  const scale = Math.max(target.width / image.width, target.height / image.height) * zoom;
  const w = image.width * scale;
  const h = image.height * scale;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, (target.width - w) / 2, (target.height - h) / 2, w, h);
}

/**
 * The picture whole, as large as the frame lets it be at the deepest zoom (so it stays whole
 * while the slides zoom about its centre), over a blurred and darkened cover of itself.
 */
function drawWhole(copy: Canvas, image: Image) {
  const scale = Math.min(copy.width / MAX_ZOOM / image.width, copy.height / MAX_ZOOM / image.height);
  const w = Math.round(image.width * scale);
  const h = Math.round(image.height * scale);
  // The photo is resampled once, to the size it shows at; the fill is made from that copy.
  const shown = createCanvas(w, h);
  const sctx = shown.getContext('2d');
  sctx.imageSmoothingEnabled = true;
  sctx.imageSmoothingQuality = 'high';
  sctx.drawImage(image, 0, 0, w, h);

  // Blur small: a cover at an eighth of the size, blurred there, is an eighth of the work squared.
  const small = createCanvas(Math.max(8, Math.round(copy.width * FILL_SCALE)), Math.max(8, Math.round(copy.height * FILL_SCALE)));
  drawCover(small, shown, 1.1); // a little larger, so the blur's soft edge falls outside
  const blurred = createCanvas(small.width, small.height);
  const bctx = blurred.getContext('2d');
  bctx.filter = `blur(${Math.max(3, Math.round(Math.min(small.width, small.height) / 14))}px)`;
  bctx.drawImage(small, 0, 0);
  bctx.filter = 'none';

  const ctx = copy.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(blurred, 0, 0, copy.width, copy.height);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.38)';
  ctx.fillRect(0, 0, copy.width, copy.height);

  const x = Math.round((copy.width - w) / 2);
  const y = Math.round((copy.height - h) / 2);
  // A soft shadow lifts the picture off its fill, cast by a plain rectangle under it.
  ctx.shadowColor = 'rgba(0, 0, 0, 0.45)';
  ctx.shadowBlur = Math.round(Math.min(copy.width, copy.height) * 0.02);
  ctx.fillStyle = '#000000';
  ctx.fillRect(x, y, w, h);
  ctx.shadowColor = 'transparent';
  ctx.shadowBlur = 0;
  ctx.drawImage(shown, x, y);
}
