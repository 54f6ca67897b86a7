import type { AspectRatio } from './types.js';

export const FPS = 30;

export interface FrameSize {
  width: number;
  height: number;
}

// Even numbers throughout: yuv420p halves both dimensions for chroma.
const SIZES: Record<AspectRatio, FrameSize> = {
  '9:16': { width: 720, height: 1280 },
  '16:9': { width: 1280, height: 720 },
  '1:1': { width: 1080, height: 1080 },
};

export function frameSize(aspectRatio: AspectRatio): FrameSize {
  const size = SIZES[aspectRatio];
  if (!size) throw new Error(`unsupported aspect ratio ${String(aspectRatio)}`);
  return size;
}
