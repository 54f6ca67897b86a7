// One frame, bottom to top: the body (pictures, or the moving background), the title card while
// it shows, the caption of the moment. Everything is decided before the first frame; painting is
// a function of the frame number only, so memory does not depend on the video's length.
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { LayerPainter } from './background.js';
import { FPS } from './frame-size.js';
import type { Timeline } from './timeline.js';

export interface Layers {
  body: LayerPainter;
  /** True when the title card's backdrop covers the frame, so the body need not be drawn under it. */
  titleHidesBody: boolean;
  title: LayerPainter | undefined;
  captions: LayerPainter;
}

export function createFramePainter(ctx: SKRSContext2D, timeline: Timeline, layers: Layers): (frame: number) => void {
  return (frame) => {
    const t = frame / FPS;
    const underCard = timeline.title !== undefined && t < timeline.title.fadeFrom && layers.titleHidesBody;
    ctx.globalAlpha = 1;
    if (!underCard) layers.body(ctx, t);
    if (layers.title && timeline.title && t < timeline.title.end) layers.title(ctx, t);
    layers.captions(ctx, t);
  };
}
