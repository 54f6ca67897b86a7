// The pictures as a slideshow: each slowly zooms and pans (Ken Burns) and cross-fades into the
// next. Motion is seeded by the task so a retried render draws the same video.
import type { Canvas } from '@napi-rs/canvas';
import type { LayerPainter } from './background.js';
import type { FrameSize } from './frame-size.js';
import { clamp, lerp, seededRandom } from './motion.js';
import { MAX_ZOOM } from './pictures.js';
import type { SlideTiming } from './timeline.js';

interface Move {
  zoomFrom: number;
  zoomTo: number;
  /** Where the view sits inside the slack left by the zoom, 0..1 on each axis. */
  from: [number, number];
  to: [number, number];
}

export function createSlides(pictures: Canvas[], timings: SlideTiming[], { width, height }: FrameSize, seed: number): LayerPainter {
  const random = seededRandom(seed);
  // Alternate zooming in and out so consecutive pictures do not all rush the same way.
  const moves: Move[] = pictures.map((_, i) => {
    const deep = MAX_ZOOM - 0.02 * random();
    const corner = (): [number, number] => [random(), random()];
    return i % 2 === 0
      ? { zoomFrom: 1, zoomTo: deep, from: [0.5, 0.5], to: corner() }
      : { zoomFrom: deep, zoomTo: 1, from: corner(), to: [0.5, 0.5] };
  });

  const draw = (ctx: Parameters<LayerPainter>[0], i: number, t: number, alpha: number) => {
    const picture = pictures[i]!;
    const timing = timings[i]!;
    const move = moves[i]!;
    const p = clamp((t - timing.start) / (timing.end - timing.start));
    const zoom = lerp(move.zoomFrom, move.zoomTo, p);
    // At zoom z the view is the picture's copy shrunk by z (the copy is MAX_ZOOM × the frame).
    const sw = picture.width / zoom;
    const sh = picture.height / zoom;
    const sx = (picture.width - sw) * lerp(move.from[0], move.to[0], p);
    const sy = (picture.height - sh) * lerp(move.from[1], move.to[1], p);
    ctx.globalAlpha = alpha;
    ctx.drawImage(picture, sx, sy, sw, sh, 0, 0, width, height);
  };

  return (ctx, t) => {
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'low'; // bilinear: the scale is near 1, and this runs every frame
    // The last slide that has started is on top; the one before shows through its fade-in.
    let top = 0;
    while (top + 1 < timings.length && t >= timings[top + 1]!.start) top++;
    const fade = timings[top]!.fadeIn > 0 ? clamp((t - timings[top]!.start) / timings[top]!.fadeIn) : 1;
    if (fade < 1 && top > 0) draw(ctx, top - 1, t, 1);
    draw(ctx, top, t, fade < 1 && top > 0 ? fade : 1);
    ctx.globalAlpha = 1;
  };
}
