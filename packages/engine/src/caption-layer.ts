// The captions over the body: laid out once (wrapped to the frame in at most two even lines,
// shrunk or cut when they must), drawn in the caption look of the video (caption-style.ts) — on
// a band, outlined or shadowed so they stay readable over any picture.
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { LayerPainter } from './background.js';
import type { CaptionLook } from './caption-style.js';
import type { Caption } from './captions.js';
import type { FrameSize } from './frame-size.js';
import { clamp } from './motion.js';
import { fontOf, limitLines, measurer } from './text-style.js';
import { wrapText } from './wrap-text.js';

export const CAPTION_MAX_LINES = 2;
const FADE = 0.18;

export interface CaptionLayout {
  caption: Caption;
  font: string;
  fontSize: number;
  lines: string[];
  box: { x: number; y: number; width: number; height: number };
  lineHeight: number;
}

/** Caption size relative to the frame's short side: ~37 px on 720, ~56 px on 1080. */
export const captionFontSize = ({ width, height }: FrameSize) => Math.round(Math.min(width, height) * 0.052);

/** The width lines may take, for a look: the band's padding comes off it. */
export const captionLineWidth = (size: FrameSize, look: CaptionLook) =>
  size.width * 0.86 - 2 * captionFontSize(size) * look.scale * 0.7;

/** The box's top edge for its height, by the look's position. */
function boxTop({ width, height }: FrameSize, position: CaptionLook['position'], boxHeight: number): number {
  const portrait = height > width;
  switch (position) {
    case 'top':
      return height * (portrait ? 0.11 : 0.07);
    case 'middle':
      return height * 0.68 - boxHeight / 2;
    case 'foot':
      return height * (portrait ? 0.93 : 0.96) - boxHeight;
    case 'bottom':
      // Clear of the buttons that phone players draw at the bottom.
      return height * (portrait ? 0.8 : 0.9) - boxHeight;
  }
}

export function layoutCaptions(ctx: SKRSContext2D, captions: Caption[], size: FrameSize, families: string, look: CaptionLook): CaptionLayout[] {
  const base = captionFontSize(size) * look.scale;
  const padX = base * 0.7;
  const padY = base * 0.4;
  const maxWidth = captionLineWidth(size, look);
  return captions.map((caption) => {
    let fontSize = base;
    let font = fontOf(look.weight, fontSize, families);
    let lines = wrapCaption(caption.text, maxWidth, measurer(ctx, font));
    while (lines.length > CAPTION_MAX_LINES && fontSize > base * 0.7) {
      fontSize *= 0.88;
      font = fontOf(look.weight, fontSize, families);
      lines = wrapCaption(caption.text, maxWidth, measurer(ctx, font));
    }
    const measure = measurer(ctx, font);
    lines = limitLines(lines, CAPTION_MAX_LINES, maxWidth, measure);
    const lineHeight = fontSize * 1.35;
    const width = Math.max(...lines.map(measure)) + 2 * padX;
    const height = lines.length * lineHeight + 2 * padY;
    const y = boxTop(size, look.position, height);
    return { caption, font, fontSize, lines, lineHeight, box: { x: (size.width - width) / 2, y, width, height } };
  });
}

/**
 * A caption in lines: one when it fits; else two broken after one of its pause marks (，、；：) or
 * at a space between phrases, the most even such pair that fits; only when none does, the
 * general line breaking (wrap-text.ts), which may break inside a phrase.
 */
export function wrapCaption(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const whole = text.trim();
  if (measure(whole) <= maxWidth) return [whole];
  const chars = Array.from(whole);
  let best: [string, string] | undefined;
  let bestWidth = Infinity;
  for (let i = 1; i < chars.length - 1; i++) {
    const pause = '，、；：,;:'.includes(chars[i]!);
    const space = chars[i] === ' ' && !(/[A-Za-z0-9]/.test(chars[i - 1]!) && /[A-Za-z0-9]/.test(chars[i + 1]!));
    if (!pause && !space) continue;
    const first = chars.slice(0, pause ? i + 1 : i).join('').trimEnd();
    const second = chars.slice(i + 1).join('').trimStart();
    const width = Math.max(measure(first), measure(second));
    if (second && width <= maxWidth && width < bestWidth) {
      best = [first, second];
      bestWidth = width;
    }
  }
  return best ?? wrapText(whole, maxWidth, measure);
}

export function createCaptionLayer(layouts: CaptionLayout[], look: CaptionLook): LayerPainter {
  return (ctx, t) => {
    const layout = layouts.find(({ caption }) => t >= caption.start && t < caption.end);
    if (!layout) return;
    const { caption, box, fontSize } = layout;
    ctx.globalAlpha = Math.min(clamp((t - caption.start) / FADE), clamp((caption.end - t) / FADE), 1);
    if (look.band) {
      ctx.fillStyle = look.band;
      ctx.beginPath();
      ctx.roundRect(box.x, box.y, box.width, box.height, layout.lineHeight * 0.3);
      ctx.fill();
    }
    if (look.bar) {
      ctx.fillStyle = look.bar;
      ctx.fillRect(box.x + box.width * 0.35, box.y + box.height - 3, box.width * 0.3, 3);
    }
    ctx.font = layout.font;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    const first = box.y + (box.height - layout.lines.length * layout.lineHeight) / 2 + layout.lineHeight / 2;
    layout.lines.forEach((line, i) => {
      const x = box.x + box.width / 2;
      const y = first + i * layout.lineHeight;
      if (look.shadow) {
        ctx.shadowColor = 'rgba(0, 0, 0, 0.75)';
        ctx.shadowBlur = fontSize * 0.25;
        ctx.shadowOffsetY = fontSize * 0.06;
      }
      if (look.outline) {
        ctx.strokeStyle = look.outline.colour;
        ctx.lineWidth = fontSize * look.outline.width;
        ctx.strokeText(line, x, y);
        ctx.shadowColor = 'transparent'; // the outline carries the shadow; the fill would double it
      }
      ctx.fillStyle = look.fill;
      ctx.fillText(line, x, y);
      ctx.shadowColor = 'transparent';
      ctx.shadowBlur = 0;
      ctx.shadowOffsetY = 0;
    });
    ctx.globalAlpha = 1;
  };
}
