// The template-styled moving background: the body of a video without pictures, and the backdrop
// of the title card. A slowly turning gradient in the template's colours, a drifting glow, and
// the template's motif on top: soft bokeh circles, waves, a sliding grid, falling confetti,
// rising bubbles, or slowly turning light rays.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { withAlpha } from './colour.js';
import type { FrameSize } from './frame-size.js';
import { seededRandom } from './motion.js';
import type { Theme } from './theme.js';

export type LayerPainter = (ctx: SKRSContext2D, t: number) => void;

export function createBackground({ width, height }: FrameSize, theme: Theme, seed: number): LayerPainter {
  const random = seededRandom(seed);
  const unit = Math.min(width, height);
  const glow = [withAlpha(theme.accent, 0.28), withAlpha(theme.accent, 0)];
  const motif = MOTIFS[theme.motif]({ width, height, unit, theme, random });
  const turn = random() * Math.PI * 2;

  return (ctx, t) => {
    // The gradient axis swings ±15° so the colours visibly move without ever strobing.
    const angle = turn + 0.26 * Math.sin(t * 0.35);
    const half = (Math.abs(width * Math.cos(angle)) + Math.abs(height * Math.sin(angle))) / 2;
    const dx = Math.cos(angle) * half;
    const dy = Math.sin(angle) * half;
    const gradient = ctx.createLinearGradient(width / 2 - dx, height / 2 - dy, width / 2 + dx, height / 2 + dy);
    theme.background.forEach((colour, i) => gradient.addColorStop(i / (theme.background.length - 1), colour));
    ctx.fillStyle = gradient; // at the caller's globalAlpha: the title card fades this out
    ctx.fillRect(0, 0, width, height);

    const gx = width * (0.5 + 0.3 * Math.sin(t * 0.23 + turn));
    const gy = height * (0.4 + 0.2 * Math.cos(t * 0.17 + turn));
    const radius = unit * 0.75;
    const light = ctx.createRadialGradient(gx, gy, 0, gx, gy, radius);
    light.addColorStop(0, glow[0]!);
    light.addColorStop(1, glow[1]!);
    ctx.fillStyle = light;
    ctx.fillRect(gx - radius, gy - radius, radius * 2, radius * 2);

    motif(ctx, t);
  };
}

/** Positions drifting up leave above the top edge whole before coming in below the bottom one. */
function wrap(y: number, height: number, margin: number): number {
  const span = height + 2 * margin;
  return ((((y + margin) % span) + span) % span) - margin;
}

interface MotifInput {
  width: number;
  height: number;
  unit: number;
  theme: Theme;
  random: () => number;
}

const MOTIFS: Record<Theme['motif'], (input: MotifInput) => LayerPainter> = {
  bokeh: ({ width, height, unit, theme, random }) => {
    const circles = Array.from({ length: 9 }, (_, i) => {
      const colour = i % 3 === 0 ? theme.text : theme.accent;
      return {
        x: random(), y: random(), r: unit * (0.05 + random() * 0.14), speed: 0.15 + random() * 0.3,
        phase: random() * Math.PI * 2, inner: withAlpha(colour, 0.32), outer: withAlpha(colour, 0),
      };
    });
    return (ctx, t) => {
      for (const c of circles) {
        const x = width * (c.x + 0.06 * Math.sin(t * c.speed + c.phase));
        const y = wrap(c.y * height - t * c.speed * height * 0.02, height, c.r);
        const fill = ctx.createRadialGradient(x, y, c.r * 0.2, x, y, c.r);
        fill.addColorStop(0, c.inner);
        fill.addColorStop(1, c.outer);
        ctx.fillStyle = fill;
        ctx.beginPath();
        ctx.arc(x, y, c.r, 0, Math.PI * 2);
        ctx.fill();
      }
    };
  },

  waves: ({ width, height, theme, random }) => {
    const bands = [0, 1, 2].map((i) => ({
      base: height * (0.6 + i * 0.11), amplitude: height * (0.02 + random() * 0.015),
      length: width * (0.8 + random() * 0.5), speed: 0.5 + i * 0.25,
      fill: withAlpha(i === 1 ? theme.text : theme.accent, 0.12 + i * 0.04),
    }));
    const step = width / 24;
    return (ctx, t) => {
      for (const band of bands) {
        ctx.fillStyle = band.fill;
        ctx.beginPath();
        ctx.moveTo(0, height);
        for (let x = 0; x <= width + step; x += step) {
          ctx.lineTo(x, band.base + band.amplitude * Math.sin((x / band.length) * Math.PI * 2 + t * band.speed));
        }
        ctx.lineTo(width, height);
        ctx.closePath();
        ctx.fill();
      }
    };
  },

  grid: ({ width, height, unit, theme, random }) => {
    const cell = unit / 8;
    const line = withAlpha(theme.text, 0.08);
    const squares = Array.from({ length: 6 }, () => ({
      x: random() * width, y: random() * height, size: cell * (0.4 + random() * 0.8),
      speed: cell * (0.2 + random() * 0.4), spin: (random() - 0.5) * 0.6,
    }));
    const square = withAlpha(theme.accent, 0.5);
    return (ctx, t) => {
      const shift = (t * cell * 0.3) % cell;
      ctx.strokeStyle = line;
      ctx.lineWidth = Math.max(1, unit / 500);
      ctx.beginPath();
      for (let x = shift - cell; x < width; x += cell) {
        ctx.moveTo(x, 0);
        ctx.lineTo(x, height);
      }
      for (let y = shift - cell; y < height; y += cell) {
        ctx.moveTo(0, y);
        ctx.lineTo(width, y);
      }
      ctx.stroke();
      ctx.strokeStyle = square;
      ctx.lineWidth = Math.max(2, unit / 300);
      for (const s of squares) {
        const y = wrap(s.y - t * s.speed, height, s.size);
        ctx.save();
        ctx.translate(s.x, y);
        ctx.rotate(t * s.spin);
        ctx.strokeRect(-s.size / 2, -s.size / 2, s.size, s.size);
        ctx.restore();
      }
    };
  },

  confetti: ({ width, height, unit, theme, random }) => {
    const colours = [theme.accent, theme.text, withAlpha(theme.accent, 0.7)];
    const pieces = Array.from({ length: 36 }, (_, i) => ({
      x: random(), y: random(), w: unit * (0.012 + random() * 0.014), h: unit * (0.022 + random() * 0.02),
      fall: height * (0.05 + random() * 0.07), sway: 0.02 + random() * 0.03, spin: 1 + random() * 3,
      phase: random() * Math.PI * 2, colour: colours[i % colours.length]!,
    }));
    return (ctx, t) => {
      const alpha = ctx.globalAlpha;
      ctx.globalAlpha = alpha * 0.85;
      for (const p of pieces) {
        const x = width * (p.x + p.sway * Math.sin(t * 1.3 + p.phase));
        const y = wrap(p.y * height + t * p.fall, height, p.h);
        ctx.save();
        ctx.translate(x, y);
        ctx.rotate(p.phase + t * p.spin);
        // Turning over: the piece narrows and widens as it spins about its long axis.
        ctx.scale(Math.cos(t * p.spin * 1.7 + p.phase), 1);
        ctx.fillStyle = p.colour;
        ctx.fillRect(-p.w / 2, -p.h / 2, p.w, p.h);
        ctx.restore();
      }
      ctx.globalAlpha = alpha;
    };
  },

  bubbles: ({ width, height, unit, theme, random }) => {
    const rim = withAlpha(theme.text, 0.55);
    const fill = withAlpha(theme.text, 0.1);
    const shine = withAlpha(theme.text, 0.6);
    const bubbles = Array.from({ length: 14 }, () => ({
      x: random(), y: random(), r: unit * (0.025 + random() * 0.07), rise: height * (0.04 + random() * 0.05),
      wobble: 0.015 + random() * 0.02, phase: random() * Math.PI * 2,
    }));
    return (ctx, t) => {
      ctx.lineWidth = Math.max(2, unit / 400);
      for (const b of bubbles) {
        const x = width * (b.x + b.wobble * Math.sin(t * 1.1 + b.phase));
        const y = wrap(b.y * height - t * b.rise, height, b.r);
        ctx.fillStyle = fill;
        ctx.strokeStyle = rim;
        ctx.beginPath();
        ctx.arc(x, y, b.r, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = shine;
        ctx.beginPath();
        ctx.arc(x - b.r * 0.35, y - b.r * 0.35, b.r * 0.16, 0, Math.PI * 2);
        ctx.fill();
      }
    };
  },

  rays: ({ width, height, theme, random }) => {
    const count = 12;
    const cx = width * (0.3 + random() * 0.4);
    const cy = height * (0.15 + random() * 0.2);
    const reach = Math.hypot(width, height);
    const ray = withAlpha(theme.accent, 0.06);
    const turn = random() * Math.PI * 2;
    return (ctx, t) => {
      ctx.fillStyle = ray;
      ctx.beginPath();
      const start = turn + t * 0.08;
      const half = Math.PI / count / 2;
      for (let i = 0; i < count; i++) {
        const a = start + (i * Math.PI * 2) / count;
        ctx.moveTo(cx, cy);
        ctx.lineTo(cx + reach * Math.cos(a - half), cy + reach * Math.sin(a - half));
        ctx.lineTo(cx + reach * Math.cos(a + half), cy + reach * Math.sin(a + half));
        ctx.closePath();
      }
      ctx.fill();
    };
  },
};
