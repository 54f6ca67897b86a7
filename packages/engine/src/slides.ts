// The pictures as a slideshow: each slowly zooms and pans (Ken Burns) and cross-fades into the
// next. A picture on screen long enough to drag is shown as several shots (timeline.ts), each
// framed differently: a zoom toward one corner, then a slow pan across at full zoom, then a zoom
// back out. A picture shown whole over its blurred fill only zooms about its centre, so it stays
// whole. Motion is seeded by the task so a retried render draws the same video.
import type { LayerPainter } from './background.js';
import type { FrameSize } from './frame-size.js';
import { clamp, easeInOut, lerp, seededRandom } from './motion.js';
import { MAX_ZOOM, type Picture } from './pictures.js';
import type { SlideTiming } from './timeline.js';

interface Move {
  zoomFrom: number;
  zoomTo: number;
  /** Where the view sits inside the slack left by the zoom, 0..1 on each axis. */
  from: [number, number];
  to: [number, number];
}

const CENTRE: [number, number] = [0.5, 0.5];

function planMove(slide: SlideTiming, index: number, picture: Picture, random: () => number): Move {
  const deep = MAX_ZOOM - 0.02 * random();
  const corner = (): [number, number] => [random(), random()];
  if (picture.whole) {
    // Zoom about the centre only; alternate in and out.
    return (index + slide.shot) % 2 === 0
      ? { zoomFrom: 1, zoomTo: deep, from: CENTRE, to: CENTRE }
      : { zoomFrom: deep, zoomTo: 1, from: CENTRE, to: CENTRE };
  }
  switch (slide.shot % 3) {
    case 1: {
      // A pan across at full zoom, along the frame's long slack, from one side to the other.
      const side = random() < 0.5 ? 0 : 1;
      const other = random();
      return random() < 0.5
        ? { zoomFrom: MAX_ZOOM, zoomTo: MAX_ZOOM, from: [side, other], to: [1 - side, other] }
        : { zoomFrom: MAX_ZOOM, zoomTo: MAX_ZOOM, from: [other, side], to: [other, 1 - side] };
    }
    case 2:
      return { zoomFrom: deep, zoomTo: 1, from: corner(), to: CENTRE };
    default:
      // Alternate zooming in and out so consecutive pictures do not all rush the same way.
      return index % 2 === 0
        ? { zoomFrom: 1, zoomTo: deep, from: CENTRE, to: corner() }
        : { zoomFrom: deep, zoomTo: 1, from: corner(), to: CENTRE };
  }
}

export function createSlides(pictures: Picture[], timings: SlideTiming[], { width, height }: FrameSize, seed: number): LayerPainter {
  const random = seededRandom(seed);
  const moves: Move[] = timings.map((slide) => planMove(slide, slide.picture, pictures[slide.picture]!, random));

  const draw = (ctx: Parameters<LayerPainter>[0], i: number, t: number, alpha: number) => {
    const timing = timings[i]!;
    const picture = pictures[timing.picture]!.canvas;
    const move = moves[i]!;
    // A pan eases in and out (a camera move); a zoom runs straight (it reads as drift).
    const linear = clamp((t - timing.start) / (timing.end - timing.start));
    const p = move.zoomFrom === move.zoomTo ? easeInOut(linear) : linear;
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
