// How captions look: where they sit, how big, in which colours, on a band or outlined. Each
// template has its own look (its `params.caption`, else one that suits its motif and colours, so
// the seeded templates differ), and the user may pick one of three fixed looks instead
// (CAPTION_STYLES in @app/contract: classic, bold, subtitle).
import type { CaptionStyleId } from '@app/contract';
import { isColour, withAlpha } from './colour.js';
import { FONT_WEIGHTS } from './fonts.js';
import type { Motif, Theme } from './theme.js';
import type { RenderTemplate } from './types.js';

export type CaptionPosition = 'bottom' | 'middle' | 'top' | 'foot';

export interface CaptionLook {
  /**
   * bottom: clear of a phone player's buttons; foot: the very bottom, film-subtitle style;
   * middle: the lower middle of the frame; top: under the top edge.
   */
  position: CaptionPosition;
  /** Times the base caption size (captionFontSize). */
  scale: number;
  weight: number;
  fill: string;
  /** A rounded band behind the lines, or none. */
  band: string | undefined;
  /** A short accent line under the band. */
  bar: string | undefined;
  /** An outline around each glyph, its width in caption font sizes. */
  outline: { colour: string; width: number } | undefined;
  shadow: boolean;
}

const CLASSIC = (theme: Theme): CaptionLook => ({
  position: 'bottom', scale: 1, weight: FONT_WEIGHTS.text, fill: '#ffffff', band: 'rgba(0, 0, 0, 0.55)',
  bar: theme.accent, outline: undefined, shadow: false,
});
const BOLD: CaptionLook = {
  position: 'middle', scale: 1.3, weight: FONT_WEIGHTS.title, fill: '#ffe14d', band: undefined, bar: undefined,
  outline: { colour: '#1a1a1a', width: 0.16 }, shadow: true,
};
const SUBTITLE: CaptionLook = {
  position: 'foot', scale: 0.8, weight: FONT_WEIGHTS.text, fill: '#ffffff', band: undefined, bar: undefined,
  outline: undefined, shadow: true,
};

/** A template's own look when its params say nothing: one per motif, in the template's colours. */
function lookForMotif(motif: Motif, theme: Theme): CaptionLook {
  const deep = theme.background[0]!;
  switch (motif) {
    case 'waves': // travel, fresh: the classic band with the template's accent line
      return CLASSIC(theme);
    case 'bokeh': // food, warm: a band tinted with the template's deep colour, its warm text
      return { ...CLASSIC(theme), band: withAlpha(deep, 0.72), fill: theme.text, bar: undefined };
    case 'confetti': // festival: big gold words outlined in the template's red, lower middle
      return { ...BOLD, fill: theme.accent, outline: { colour: deep, width: 0.16 } };
    case 'grid': // tech: under the top edge on a dark band, the accent line beneath
      return { ...CLASSIC(theme), position: 'top', band: withAlpha(deep, 0.78), fill: theme.text };
    case 'bubbles': // kids: large round white letters outlined in the template's colour
      return { ...BOLD, scale: 1.15, fill: '#ffffff', outline: { colour: withAlpha(theme.background[1] ?? deep, 1), width: 0.14 } };
    case 'rays': // business, minimal: quiet film subtitles
      return { ...SUBTITLE, fill: theme.text, scale: 0.85 };
  }
}

const SIZES: Record<string, number> = { small: 0.8, medium: 1, large: 1.3 };
const POSITIONS = new Set<CaptionPosition>(['bottom', 'middle', 'top', 'foot']);

/**
 * The template's look: its `params.caption` ({ position, size, color, background, outline }),
 * anything missing or unreadable taken from the look that suits its motif.
 */
export function templateCaptionLook(template: RenderTemplate | undefined, theme: Theme): CaptionLook {
  const look = lookForMotif(theme.motif, theme);
  const raw = template?.params?.caption;
  if (!raw || typeof raw !== 'object') return look;
  const params = raw as Record<string, unknown>;
  if (POSITIONS.has(params.position as CaptionPosition)) look.position = params.position as CaptionPosition;
  if (typeof params.size === 'string' && SIZES[params.size]) look.scale = SIZES[params.size]!;
  if (typeof params.size === 'number' && params.size >= 0.6 && params.size <= 1.6) look.scale = params.size;
  if (isColour(params.color)) look.fill = params.color;
  if (params.background === 'none') look.band = undefined;
  else if (isColour(params.background)) look.band = params.background;
  if (params.outline === 'none') look.outline = undefined;
  else if (isColour(params.outline)) look.outline = { colour: params.outline, width: 0.14 };
  return look;
}

export function resolveCaptionLook(style: CaptionStyleId | undefined, template: RenderTemplate | undefined, theme: Theme): CaptionLook {
  switch (style) {
    case 'classic':
      return CLASSIC(theme);
    case 'bold':
      return { ...BOLD };
    case 'subtitle':
      return { ...SUBTITLE };
    default:
      return templateCaptionLook(template, theme);
  }
}
