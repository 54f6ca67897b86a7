// Font strings and the measuring both text layers need: layout is done once per video with the
// same font the frames draw with, so a measured line is the drawn line.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { graphemes } from '@app/contract/emoji';

/** `families` is a CSS family list, quoted: '"Noto Sans SC"'. */
export const fontOf = (weight: number, size: number, families: string) => `${weight} ${Math.round(size)}px ${families}`;

export function measurer(ctx: SKRSContext2D, font: string): (text: string) => number {
  return (text) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
}

/** Keeps at most `max` lines, ending the last with an ellipsis that fits. */
export function limitLines(lines: string[], max: number, maxWidth: number, measure: (s: string) => number): string[] {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = graphemes(kept[max - 1]!);
  while (last.length > 1 && measure(`${last.join('')}…`) > maxWidth) last = last.slice(0, -1);
  kept[max - 1] = `${last.join('')}…`;
  return kept;
}
