// The opening card: the template's backdrop and the user's title alone (the template's name is
// not the viewer's business) coming up into place with an accent bar drawn under it, then the
// whole card fading into the body. It is short (timeline.ts: TITLE_MAX).
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { LayerPainter } from './background.js';
import type { FrameSize } from './frame-size.js';
import { FONT_WEIGHTS } from './fonts.js';
import { clamp, easeOutCubic } from './motion.js';
import { fontOf, limitLines, measurer } from './text-style.js';
import type { Theme } from './theme.js';
import type { TitleTiming } from './timeline.js';
import { wrapText } from './wrap-text.js';

const MAX_LINES = 3;

export interface TitleCardInput {
  size: FrameSize;
  theme: Theme;
  /** A CSS family list: the template's font, then the built-in one. */
  families: string;
  title: string;
  timing: TitleTiming;
  /** Drawn under the text when the card must hide a body of pictures; none over a plain background. */
  backdrop: LayerPainter | undefined;
}

export function createTitleCard(ctx: SKRSContext2D, input: TitleCardInput): LayerPainter {
  const { size: { width, height }, theme, families, timing, backdrop } = input;
  const unit = Math.min(width, height);
  const maxWidth = width * 0.82;

  // The largest size that fits the title in three lines, down to a floor; past it, an ellipsis.
  let fontSize = unit * 0.09;
  let font = fontOf(FONT_WEIGHTS.title, fontSize, families);
  let lines = wrapText(input.title, maxWidth, measurer(ctx, font));
  while (lines.length > MAX_LINES && fontSize > unit * 0.056) {
    fontSize *= 0.9;
    font = fontOf(FONT_WEIGHTS.title, fontSize, families);
    lines = wrapText(input.title, maxWidth, measurer(ctx, font));
  }
  lines = limitLines(lines, MAX_LINES, maxWidth, measurer(ctx, font));

  const lineHeight = fontSize * 1.3;
  const top = height * 0.45 - (lines.length * lineHeight) / 2;
  const barWidth = Math.min(maxWidth, unit * 0.22);
  const barHeight = Math.max(4, unit * 0.011);

  return (ctx, t) => {
    const fade = t < timing.fadeFrom ? 1 : 1 - clamp((t - timing.fadeFrom) / (timing.end - timing.fadeFrom));
    if (fade <= 0) return;
    ctx.globalAlpha = fade;
    backdrop?.(ctx, t);

    const entrance = easeOutCubic(t / timing.settled);
    const rise = (1 - entrance) * unit * 0.05;
    ctx.globalAlpha = fade * entrance;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = font;
    ctx.fillStyle = theme.text;
    lines.forEach((line, i) => ctx.fillText(line, width / 2, top + lineHeight * (i + 0.5) + rise));

    ctx.fillStyle = theme.accent;
    const bar = barWidth * entrance;
    ctx.beginPath();
    ctx.roundRect(width / 2 - bar / 2, top + lines.length * lineHeight + unit * 0.04, bar, barHeight, barHeight / 2);
    ctx.fill();
    ctx.globalAlpha = 1;
  };
}
