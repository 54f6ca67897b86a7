// The captions over the body: laid out once (wrapped to the frame, shrunk or cut to three lines),
// drawn as centred lines on a translucent box that keeps them readable over any picture.
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { LayerPainter } from './background.js';
import type { Caption } from './captions.js';
import type { FrameSize } from './frame-size.js';
import { FONT_WEIGHTS } from './fonts.js';
import { clamp } from './motion.js';
import { fontOf, limitLines, measurer } from './text-style.js';
import type { Theme } from './theme.js';
import { wrapText } from './wrap-text.js';

const MAX_LINES = 3;
const FADE = 0.18;

export interface CaptionLayout {
  caption: Caption;
  font: string;
  lines: string[];
  box: { x: number; y: number; width: number; height: number };
  lineHeight: number;
}

/** Caption size relative to the frame's short side: ~37 px on 720, ~56 px on 1080. */
export const captionFontSize = ({ width, height }: FrameSize) => Math.round(Math.min(width, height) * 0.052);

/** Where the box's bottom edge sits: clear of the buttons that phone players draw at the bottom. */
const captionBottom = ({ width, height }: FrameSize) => height * (height > width ? 0.8 : 0.9);

export function layoutCaptions(ctx: SKRSContext2D, captions: Caption[], size: FrameSize, families: string): CaptionLayout[] {
  const padX = captionFontSize(size) * 0.7;
  const padY = captionFontSize(size) * 0.4;
  const maxWidth = size.width * 0.86 - 2 * padX;
  return captions.map((caption) => {
    let fontSize = captionFontSize(size);
    let font = fontOf(FONT_WEIGHTS.text, fontSize, families);
    let lines = wrapText(caption.text, maxWidth, measurer(ctx, font));
    if (lines.length > MAX_LINES) {
      fontSize *= 0.82;
      font = fontOf(FONT_WEIGHTS.text, fontSize, families);
      lines = wrapText(caption.text, maxWidth, measurer(ctx, font));
    }
    const measure = measurer(ctx, font);
    lines = limitLines(lines, MAX_LINES, maxWidth, measure);
    const lineHeight = fontSize * 1.35;
    const width = Math.max(...lines.map(measure)) + 2 * padX;
    const height = lines.length * lineHeight + 2 * padY;
    const bottom = captionBottom(size);
    return { caption, font, lines, lineHeight, box: { x: (size.width - width) / 2, y: bottom - height, width, height } };
  });
}

export function createCaptionLayer(layouts: CaptionLayout[], theme: Theme): LayerPainter {
  return (ctx, t) => {
    const layout = layouts.find(({ caption }) => t >= caption.start && t < caption.end);
    if (!layout) return;
    const { caption, box } = layout;
    ctx.globalAlpha = Math.min(clamp((t - caption.start) / FADE), clamp((caption.end - t) / FADE), 1);
    ctx.fillStyle = 'rgba(0, 0, 0, 0.45)';
    ctx.beginPath();
    ctx.roundRect(box.x, box.y, box.width, box.height, layout.lineHeight * 0.3);
    ctx.fill();
    ctx.fillStyle = theme.accent;
    ctx.fillRect(box.x + box.width * 0.35, box.y + box.height - 3, box.width * 0.3, 3);
    ctx.font = layout.font;
    ctx.fillStyle = theme.text;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const first = box.y + (box.height - layout.lines.length * layout.lineHeight) / 2 + layout.lineHeight / 2;
    layout.lines.forEach((line, i) => ctx.fillText(line, box.x + box.width / 2, first + i * layout.lineHeight));
    ctx.globalAlpha = 1;
  };
}
