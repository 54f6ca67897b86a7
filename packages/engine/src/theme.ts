// A template's look, from the free-form params stored with it. Params are written by people
// (the admin API), so anything unreadable falls back to a default instead of failing a paid render.
import { GlobalFonts } from '@napi-rs/canvas';
import { isColour } from './colour.js';
import { hashString } from './motion.js';
import { SCENES, type Scene } from './scenes.js';
import type { RenderTemplate } from './types.js';

export type Motif = 'bokeh' | 'waves' | 'grid' | 'confetti' | 'bubbles' | 'rays';

export interface Theme {
  /** Two or three stops for the gradients of the title card and the picture-less backgrounds. */
  background: string[];
  accent: string;
  text: string;
  /** A family already registered with GlobalFonts, or undefined for the built-in Chinese font. */
  font: string | undefined;
  /** The shapes moving over a background when there are no pictures. */
  motif: Motif;
  /** A drawn scene of the template's theme (scenes.ts), the body instead of the moving background when there are no pictures. */
  scene: Scene | undefined;
}

const DEFAULTS = { background: ['#0b1e3f', '#1f6feb'], accent: '#ffd166', text: '#ffffff' };

// Style names the seeded templates use, mapped to the motif that suits them; others are hashed.
const MOTIF_BY_STYLE: Record<string, Motif> = {
  warm: 'bokeh', dreamy: 'bokeh', romantic: 'bokeh', travel: 'waves', calm: 'waves', nature: 'waves',
  fresh: 'waves', tech: 'grid', minimal: 'grid', festive: 'confetti', party: 'confetti', playful: 'bubbles',
  kids: 'bubbles', business: 'rays', elegant: 'rays',
};
const MOTIFS: Motif[] = ['bokeh', 'waves', 'grid', 'confetti', 'bubbles', 'rays'];

export function resolveTheme(template: RenderTemplate | undefined): Theme {
  const params = template?.params ?? {};
  const rawBackground = Array.isArray(params.background) ? params.background : [params.background];
  const background = rawBackground.filter(isColour).slice(0, 3);
  if (background.length === 1) background.push(background[0]!);
  const style = (template?.style ?? '').trim().toLowerCase();
  const font = typeof params.font === 'string' && GlobalFonts.has(params.font) ? params.font : undefined;
  return {
    background: background.length ? background : DEFAULTS.background,
    accent: isColour(params.accent) ? params.accent : DEFAULTS.accent,
    text: isColour(params.text) ? params.text : DEFAULTS.text,
    font,
    motif: MOTIFS.find((m) => m === params.motif) ?? MOTIF_BY_STYLE[style] ?? MOTIFS[hashString(style) % MOTIFS.length]!,
    scene: SCENES.find((s) => s === params.scene),
  };
}
