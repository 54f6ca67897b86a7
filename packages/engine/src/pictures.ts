// The user's pictures, decoded one at a time and kept only as frame-sized copies: a 12 MP photo
// decodes to ~48 MB, nine of them would dwarf the rest of a render, and resampling a full photo
// on every frame is what would make drawing slow.
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { readFile } from 'node:fs/promises';
import { throwIfAborted } from './abort-error.js';
import type { FrameSize } from './frame-size.js';

/** The deepest Ken Burns zoom: copies are made this much larger than the frame, so never upscaled. */
export const MAX_ZOOM = 1.15;

export async function loadPictures(paths: string[], { width, height }: FrameSize, signal: AbortSignal): Promise<Canvas[]> {
  const pictures: Canvas[] = [];
  for (const [i, file] of paths.entries()) {
    throwIfAborted(signal);
    // Read here, not by loadImage: it would also fetch a URL, and a provider uses no network.
    const image = await loadImage(await readFile(file)).catch((err: unknown) => {
      throw new Error(`picture ${i + 1} (${file}) could not be read: ${(err as Error).message}`, { cause: err });
    });
    const copy = createCanvas(Math.ceil(width * MAX_ZOOM), Math.ceil(height * MAX_ZOOM));
    const ctx = copy.getContext('2d');
    // Cover: fill the whole frame, cropping the overflow evenly on the long side.
    const scale = Math.max(copy.width / image.width, copy.height / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, (copy.width - w) / 2, (copy.height - h) / 2, w, h);
    pictures.push(copy);
  }
  return pictures;
}
