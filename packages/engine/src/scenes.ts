// Drawn scenes: the body of a video without pictures when its template names one (params.scene),
// so a template's sample shows its theme — a seaside at sunset, a steaming bowl on a restaurant
// table, red lanterns under fireworks, a phone on a launch stage, a park with a kite, a city at
// night — instead of a gradient. Everything is drawn here with canvas, nothing is downloaded.
// What does not move is drawn once into layers before the first frame; a frame draws those
// layers (shifted a little for parallax) and the few things that move: waves, steam, lanterns
// swaying, fireworks, a light sweep, clouds, windows lighting up. Motion is seeded by the task.
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { LayerPainter } from './background.js';
import { withAlpha } from './colour.js';
import { FONT_FAMILY, FONT_WEIGHTS, ensureFontFor } from './fonts.js';
import type { FrameSize } from './frame-size.js';
import { seededRandom } from './motion.js';

export type Scene = 'seaside' | 'feast' | 'lanterns' | 'launch' | 'park' | 'skyline';
export const SCENES: readonly Scene[] = ['seaside', 'feast', 'lanterns', 'launch', 'park', 'skyline'];

interface SceneInput {
  width: number;
  height: number;
  /** The shorter side: sizes of things are fractions of it, so every aspect ratio frames them alike. */
  unit: number;
  random: () => number;
}

export function createScene(scene: Scene, { width, height }: FrameSize, seed: number): LayerPainter {
  return PAINTERS[scene]({ width, height, unit: Math.min(width, height), random: seededRandom(seed) });
}

/** A layer drawn once before the first frame (wider than the frame when it slides, for parallax). */
function layer(width: number, height: number, draw: (ctx: SKRSContext2D) => void): Canvas {
  const canvas = createCanvas(Math.ceil(width), Math.ceil(height));
  draw(canvas.getContext('2d'));
  return canvas;
}

/**
 * A layer that only covers the rows from `top` to `bottom` (drawn in frame coordinates): copying
 * it each frame costs its own area, not the frame's.
 */
interface Band {
  canvas: Canvas;
  top: number;
}

function band(width: number, top: number, bottom: number, draw: (ctx: SKRSContext2D) => void): Band {
  const from = Math.max(0, Math.floor(top));
  return {
    top: from,
    canvas: layer(width, Math.ceil(bottom) - from, (ctx) => {
      ctx.translate(0, -from);
      draw(ctx);
    }),
  };
}

const drawBand = (ctx: SKRSContext2D, { canvas, top }: Band, x = 0) => ctx.drawImage(canvas, x, top);

type Gradient = ReturnType<SKRSContext2D['createLinearGradient']>;

function verticalGradient(ctx: SKRSContext2D, top: number, bottom: number, stops: string[]): Gradient {
  const gradient = ctx.createLinearGradient(0, top, 0, bottom);
  stops.forEach((colour, i) => gradient.addColorStop(i / (stops.length - 1), colour));
  return gradient;
}

function glow(ctx: SKRSContext2D, x: number, y: number, radius: number, colour: string, alpha: number): void {
  const light = ctx.createRadialGradient(x, y, 0, x, y, radius);
  light.addColorStop(0, tint(colour, alpha));
  light.addColorStop(1, tint(colour, 0));
  ctx.fillStyle = light;
  ctx.fillRect(x - radius, y - radius, radius * 2, radius * 2);
}

/** A ridge from left to right: the sum of a few sines, filled down to `bottom`. */
function ridge(ctx: SKRSContext2D, width: number, base: number, bottom: number, waves: [number, number, number][], fill: string | Gradient): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.moveTo(0, bottom);
  const step = Math.max(4, width / 120);
  for (let x = 0; x <= width + step; x += step) {
    let y = base;
    for (const [amplitude, length, phase] of waves) y += amplitude * Math.sin((x / length) * Math.PI * 2 + phase);
    ctx.lineTo(x, y);
  }
  ctx.lineTo(width, bottom);
  ctx.closePath();
  ctx.fill();
}

/** A soft cloud: overlapping circles in one colour. */
function cloud(ctx: SKRSContext2D, x: number, y: number, size: number, colour: string): void {
  ctx.fillStyle = colour;
  ctx.beginPath();
  for (const [dx, dy, r] of [[-0.55, 0.1, 0.32], [-0.2, -0.12, 0.42], [0.22, -0.05, 0.38], [0.55, 0.12, 0.28], [0, 0.15, 0.35]] as const) {
    ctx.moveTo(x + dx * size + r * size, y + dy * size);
    ctx.arc(x + dx * size, y + dy * size, r * size, 0, Math.PI * 2);
  }
  ctx.fill();
}

const channels = new Map<string, string>();

/** `withAlpha` for colours drawn many times a frame: each colour is parsed once. */
function tint(colour: string, alpha: number): string {
  let rgb = channels.get(colour);
  if (rgb === undefined) {
    rgb = withAlpha(colour, 1).replace(/^rgba\((\d+), (\d+), (\d+),.*$/, '$1, $2, $3');
    channels.set(colour, rgb);
  }
  return `rgba(${rgb}, ${Math.max(0, Math.min(1, alpha)).toFixed(3)})`;
}

const wrapAround = (x: number, span: number, margin: number) => ((((x + margin) % (span + 2 * margin)) + span + 2 * margin) % (span + 2 * margin)) - margin;

const PAINTERS: Record<Scene, (input: SceneInput) => LayerPainter> = {
  // 旅行: the sun going down over the sea, an island on the horizon, waves coming up the beach.
  seaside: ({ width, height, unit, random }) => {
    const horizon = height * 0.56;
    const sunX = width * 0.62;
    // The sky with the islands on the horizon (the sun never passes behind them).
    const sky = layer(width, horizon + 2, (ctx) => {
      ctx.fillStyle = verticalGradient(ctx, 0, horizon, ['#1d2b64', '#5b3f8c', '#e0607e', '#ff9a5a', '#ffd39a']);
      ctx.fillRect(0, 0, width, horizon + 2);
      ctx.fillStyle = '#3b2a55';
      ctx.beginPath();
      ctx.moveTo(width * 0.02, horizon);
      ctx.quadraticCurveTo(width * 0.12, horizon - unit * 0.1, width * 0.22, horizon - unit * 0.07);
      ctx.quadraticCurveTo(width * 0.3, horizon - unit * 0.13, width * 0.42, horizon);
      ctx.fill();
      ctx.fillStyle = '#4a3563';
      ctx.beginPath();
      ctx.moveTo(width * 0.78, horizon);
      ctx.quadraticCurveTo(width * 0.88, horizon - unit * 0.05, width * 1.02, horizon - unit * 0.03);
      ctx.lineTo(width * 1.02, horizon);
      ctx.fill();
    });
    const sea = layer(width, height - horizon, (ctx) => {
      ctx.fillStyle = verticalGradient(ctx, 0, height - horizon, ['#e58a6e', '#3b6f9a', '#1b4f72', '#0b3d5c']);
      ctx.fillRect(0, 0, width, height - horizon);
    });
    const clouds = Array.from({ length: 5 }, (_, i) => ({
      x: random() * width, y: horizon * (0.15 + 0.55 * random()), size: unit * (0.16 + 0.14 * random()),
      speed: unit * (0.01 + 0.012 * random()), colour: tint(i % 2 ? '#ffc1a6' : '#f79fb0', 0.55),
    }));
    const birds = Array.from({ length: 4 }, () => ({ x: random(), y: horizon * (0.2 + 0.3 * random()), speed: 0.03 + 0.02 * random(), phase: random() * 6 }));
    const glints = Array.from({ length: 40 }, () => ({ d: random(), w: 0.2 + random() * 0.8, phase: random() * Math.PI * 2 }));
    const beachTop = height * 0.86;
    return (ctx, t) => {
      ctx.drawImage(sky, 0, 0);
      const sunY = horizon - unit * 0.1 + t * unit * 0.008;
      glow(ctx, sunX, sunY, unit * 0.55, '#ffb36b', 0.55);
      ctx.fillStyle = '#fff1c9';
      ctx.beginPath();
      ctx.arc(sunX, sunY, unit * 0.085, 0, Math.PI * 2);
      ctx.fill();
      for (const c of clouds) cloud(ctx, wrapAround(c.x + t * c.speed, width, c.size), c.y, c.size, c.colour);
      ctx.drawImage(sea, 0, horizon);
      // The sun's path on the water: glints that shimmer, wider nearer the viewer.
      for (const g of glints) {
        const y = horizon + (beachTop - horizon) * g.d * g.d;
        const half = unit * (0.02 + 0.12 * g.d) * g.w * (0.6 + 0.4 * Math.sin(t * 2.2 + g.phase));
        ctx.fillStyle = tint('#ffe2a8', 0.75 * (1 - g.d * 0.6));
        ctx.fillRect(sunX - half + Math.sin(t + g.phase) * unit * 0.01, y, half * 2, Math.max(2, unit * 0.004 * (1 + 2 * g.d)));
      }
      // Rows of waves, moving toward the shore.
      ctx.lineWidth = Math.max(2, unit * 0.004);
      for (let row = 0; row < 9; row++) {
        const d = ((row + (t * 0.25) % 1) / 9);
        const y = horizon + (beachTop - horizon) * d * d;
        ctx.strokeStyle = tint('#cfefff', 0.15 + 0.35 * d);
        ctx.beginPath();
        for (let x = 0; x <= width; x += width / 30) {
          const wy = y + unit * 0.006 * (1 + 3 * d) * Math.sin(x / (unit * 0.12) + row * 1.7 + t * 1.5);
          if (x === 0) ctx.moveTo(x, wy);
          else ctx.lineTo(x, wy);
        }
        ctx.stroke();
      }
      // The beach, and the foam washing up and back.
      const wash = beachTop + unit * 0.035 * Math.sin(t * 1.2);
      ctx.fillStyle = verticalGradient(ctx, beachTop, height, ['#d9a77a', '#f0cf9c']);
      ctx.fillRect(0, beachTop - unit * 0.05, width, height - beachTop + unit * 0.05);
      ridge(ctx, width, wash - unit * 0.04, wash + unit * 0.02, [[unit * 0.012, unit * 0.5, t * 0.8]], tint('#1b5f86', 0.95));
      ctx.strokeStyle = tint('#ffffff', 0.85);
      ctx.lineWidth = Math.max(3, unit * 0.008);
      ctx.beginPath();
      for (let x = 0; x <= width; x += width / 40) {
        const y = wash + unit * 0.012 * Math.sin((x / (unit * 0.5)) * Math.PI * 2 + t * 0.8) - unit * 0.012;
        if (x === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
      // Gulls.
      ctx.strokeStyle = '#2a2340';
      ctx.lineWidth = Math.max(2, unit * 0.005);
      for (const b of birds) {
        const x = wrapAround((b.x + t * b.speed) * width, width, unit * 0.05);
        const flap = unit * 0.012 * Math.sin(t * 6 + b.phase);
        const span = unit * 0.03;
        ctx.beginPath();
        ctx.moveTo(x - span, b.y - flap);
        ctx.quadraticCurveTo(x - span / 2, b.y - unit * 0.012, x, b.y);
        ctx.quadraticCurveTo(x + span / 2, b.y - unit * 0.012, x + span, b.y - flap);
        ctx.stroke();
      }
    };
  },

  // 美食: a steaming bowl of noodles on a wooden table, dumplings beside it, warm lights behind.
  feast: ({ width, height, unit, random }) => {
    const tableTop = height * 0.5;
    const room = layer(width, height, (ctx) => {
      ctx.fillStyle = verticalGradient(ctx, 0, tableTop, ['#1f0f07', '#4a2412', '#6b3518']);
      ctx.fillRect(0, 0, width, tableTop + 1);
      // The table: planks in perspective.
      ctx.fillStyle = verticalGradient(ctx, tableTop, height, ['#7a4a26', '#9c6234', '#6e3f1f']);
      ctx.fillRect(0, tableTop, width, height - tableTop);
      ctx.strokeStyle = tint('#3d210e', 0.55);
      ctx.lineWidth = Math.max(2, unit * 0.004);
      for (let i = -6; i <= 6; i++) {
        ctx.beginPath();
        ctx.moveTo(width / 2 + i * width * 0.06, tableTop);
        ctx.lineTo(width / 2 + i * width * 0.32, height);
        ctx.stroke();
      }
      ctx.strokeStyle = tint('#c98a52', 0.18);
      for (let k = 0; k < 30; k++) {
        const y = tableTop + (height - tableTop) * random();
        ctx.beginPath();
        ctx.moveTo(random() * width, y);
        ctx.lineTo(random() * width, y + unit * 0.01 * (random() - 0.5));
        ctx.stroke();
      }
      ctx.fillStyle = tint('#000000', 0.25);
      ctx.fillRect(0, tableTop, width, unit * 0.012);
    });
    const cx = width / 2;
    const bowlY = tableTop + (height - tableTop) * 0.38;
    const r = unit * 0.36;
    const dish = band(width, bowlY - r * 0.5, height, (ctx) => {
      // Shadow, then the bowl's body below its rim.
      ctx.fillStyle = tint('#000000', 0.35);
      ctx.beginPath();
      ctx.ellipse(cx + r * 0.05, bowlY + r * 0.5, r * 0.85, r * 0.16, 0, 0, Math.PI * 2);
      ctx.fill();
      const body = ctx.createLinearGradient(cx - r, 0, cx + r, 0);
      body.addColorStop(0, '#e9e2d6');
      body.addColorStop(0.45, '#ffffff');
      body.addColorStop(1, '#b9b0a2');
      ctx.fillStyle = body;
      ctx.beginPath();
      ctx.ellipse(cx, bowlY, r, r * 0.32, 0, 0, Math.PI);
      ctx.bezierCurveTo(cx - r * 0.8, bowlY + r * 0.75, cx + r * 0.8, bowlY + r * 0.75, cx + r, bowlY);
      ctx.fill();
      ctx.strokeStyle = '#2f6db5';
      ctx.lineWidth = unit * 0.012;
      ctx.beginPath();
      ctx.ellipse(cx, bowlY + r * 0.16, r * 0.9, r * 0.3, 0, Math.PI * 0.12, Math.PI * 0.88);
      ctx.stroke();
      // The rim and the broth.
      ctx.fillStyle = '#f7f3ec';
      ctx.beginPath();
      ctx.ellipse(cx, bowlY, r, r * 0.32, 0, 0, Math.PI * 2);
      ctx.fill();
      const broth = ctx.createRadialGradient(cx, bowlY, 0, cx, bowlY, r * 0.92);
      broth.addColorStop(0, '#e8923c');
      broth.addColorStop(1, '#a8501c');
      ctx.fillStyle = broth;
      ctx.beginPath();
      ctx.ellipse(cx, bowlY, r * 0.92, r * 0.28, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.save();
      ctx.clip();
      // Noodles: pale curves crossing the bowl.
      ctx.strokeStyle = '#f6dc9a';
      ctx.lineWidth = unit * 0.009;
      for (let k = 0; k < 16; k++) {
        const y0 = bowlY - r * 0.2 + random() * r * 0.4;
        ctx.beginPath();
        ctx.moveTo(cx - r, y0);
        ctx.bezierCurveTo(cx - r * 0.3, y0 - r * 0.15 * random(), cx + r * 0.2, y0 + r * 0.15 * random(), cx + r, y0 + (random() - 0.5) * r * 0.1);
        ctx.stroke();
      }
      // Beef slices, a halved egg, scallion.
      for (const [dx, dy, rot] of [[-0.45, -0.05, -0.3], [-0.2, -0.12, 0.2], [-0.38, 0.1, 0.5]] as const) {
        ctx.save();
        ctx.translate(cx + dx * r, bowlY + dy * r);
        ctx.rotate(rot);
        ctx.fillStyle = '#7b3b22';
        ctx.beginPath();
        ctx.roundRect(-r * 0.16, -r * 0.06, r * 0.32, r * 0.12, r * 0.04);
        ctx.fill();
        ctx.fillStyle = tint('#c27a58', 0.7);
        ctx.fillRect(-r * 0.12, -r * 0.01, r * 0.24, r * 0.015);
        ctx.restore();
      }
      ctx.fillStyle = '#fffaf0';
      ctx.beginPath();
      ctx.ellipse(cx + r * 0.35, bowlY - r * 0.02, r * 0.17, r * 0.11, 0.2, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#ffb21e';
      ctx.beginPath();
      ctx.arc(cx + r * 0.36, bowlY - r * 0.02, r * 0.075, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#4caf50';
      for (let k = 0; k < 26; k++) {
        ctx.beginPath();
        ctx.arc(cx + (random() - 0.5) * r * 1.5, bowlY + (random() - 0.5) * r * 0.4, unit * (0.006 + 0.006 * random()), 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.restore();
      // Chopsticks across the rim.
      ctx.lineCap = 'round';
      for (const [offset, colour] of [[0, '#3a1c0c'], [unit * 0.03, '#4a2410']] as const) {
        ctx.strokeStyle = colour;
        ctx.lineWidth = unit * 0.014;
        ctx.beginPath();
        ctx.moveTo(cx + r * 0.1 + offset, bowlY - r * 0.36);
        ctx.lineTo(cx + r * 1.25 + offset, bowlY + r * 0.05);
        ctx.stroke();
      }
      // A plate of dumplings to the side.
      const px = cx - r * 0.55;
      const py = bowlY + r * 1.05;
      ctx.fillStyle = tint('#000000', 0.3);
      ctx.beginPath();
      ctx.ellipse(px + r * 0.04, py + r * 0.06, r * 0.58, r * 0.18, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#2d3a4a';
      ctx.beginPath();
      ctx.ellipse(px, py, r * 0.55, r * 0.17, 0, 0, Math.PI * 2);
      ctx.fill();
      for (const dx of [-0.25, 0.05, 0.32]) {
        ctx.fillStyle = '#f6ead0';
        ctx.beginPath();
        ctx.ellipse(px + dx * r, py - r * 0.02, r * 0.16, r * 0.12, 0, Math.PI, 0);
        ctx.fill();
        ctx.strokeStyle = '#d8c39b';
        ctx.lineWidth = unit * 0.004;
        for (let k = -2; k <= 2; k++) {
          ctx.beginPath();
          ctx.moveTo(px + dx * r + k * r * 0.05, py - r * 0.02);
          ctx.lineTo(px + dx * r + k * r * 0.04, py - r * 0.12);
          ctx.stroke();
        }
      }
    });
    const lights = Array.from({ length: 12 }, () => ({
      x: random(), y: random() * 0.9, r: unit * (0.04 + random() * 0.09), speed: 0.2 + random() * 0.4, phase: random() * 6,
      colour: random() < 0.7 ? '#ffc46b' : '#ff8a4c',
    }));
    const wisps = Array.from({ length: 5 }, (_, i) => ({ x: cx + (i - 2) * r * 0.28, phase: random() * 6, speed: 0.6 + random() * 0.3 }));
    return (ctx, t) => {
      // A slow push in toward the bowl.
      const zoom = 1 + 0.012 * t;
      ctx.save();
      ctx.translate(cx, bowlY);
      ctx.scale(zoom, zoom);
      ctx.translate(-cx, -bowlY);
      ctx.drawImage(room, 0, 0);
      for (const l of lights) {
        const x = width * l.x + Math.sin(t * l.speed + l.phase) * unit * 0.02;
        const y = tableTop * l.y;
        glow(ctx, x, y, l.r, l.colour, 0.35 + 0.15 * Math.sin(t * 1.3 + l.phase));
      }
      drawBand(ctx, dish);
      // Steam rising and curling: soft puffs along each wisp, growing and fading as they go.
      for (const w of wisps) {
        for (let k = 0; k < 3; k++) {
          const rise = (t * w.speed * 0.25 + k / 3 + w.phase) % 1;
          const sway = Math.sin(t * 1.2 + w.phase + k) * unit * 0.05;
          for (let p = 0; p < 4; p++) {
            const along = rise + p * 0.05;
            const y = bowlY - r * 0.15 - along * unit * 0.6;
            const x = w.x + sway * Math.sin(along * Math.PI * 2 + w.phase);
            glow(ctx, x, y, unit * (0.04 + 0.06 * along), '#ffffff', 0.16 * Math.sin(Math.min(1, along) * Math.PI));
          }
        }
      }
      ctx.restore();
    };
  },

  // 节日: red lanterns swaying under fireworks, over the eaves of an old roof.
  lanterns: ({ width, height, unit, random }) => {
    ensureFontFor('福');
    const night = layer(width, height, (ctx) => {
      ctx.fillStyle = verticalGradient(ctx, 0, height, ['#12030a', '#3a0710', '#6b0d14']);
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#fff5d6';
      for (let k = 0; k < 60; k++) {
        ctx.globalAlpha = 0.3 + 0.5 * random();
        ctx.beginPath();
        ctx.arc(random() * width, random() * height * 0.6, unit * 0.002 * (1 + random()), 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    });
    const eaves = height * 0.8;
    const roof = band(width, eaves - unit * 0.08, height, (ctx) => {
      // Curved eaves with upturned ends, tiles, and a wall below.
      const top = eaves;
      ctx.fillStyle = '#1a0506';
      ctx.beginPath();
      ctx.moveTo(-width * 0.05, top - unit * 0.06);
      ctx.quadraticCurveTo(width * 0.1, top + unit * 0.02, width * 0.5, top + unit * 0.02);
      ctx.quadraticCurveTo(width * 0.9, top + unit * 0.02, width * 1.05, top - unit * 0.06);
      ctx.lineTo(width * 1.05, height);
      ctx.lineTo(-width * 0.05, height);
      ctx.fill();
      ctx.strokeStyle = '#3a0d0c';
      ctx.lineWidth = Math.max(2, unit * 0.006);
      for (let x = 0; x < width; x += unit * 0.04) {
        ctx.beginPath();
        ctx.moveTo(x, top + unit * 0.03);
        ctx.lineTo(x, top + unit * 0.12);
        ctx.stroke();
      }
      ctx.fillStyle = '#8a1a14';
      ctx.fillRect(0, top + unit * 0.14, width, height);
      ctx.fillStyle = '#ffcf5a';
      ctx.globalAlpha = 0.85;
      for (let x = unit * 0.08; x < width; x += unit * 0.22) ctx.fillRect(x, top + unit * 0.2, unit * 0.1, unit * 0.14);
      ctx.globalAlpha = 1;
      // Lattice over the lit windows.
      ctx.strokeStyle = '#5c1410';
      ctx.lineWidth = Math.max(2, unit * 0.006);
      for (let x = unit * 0.08; x < width; x += unit * 0.22) {
        ctx.strokeRect(x, top + unit * 0.2, unit * 0.1, unit * 0.14);
        ctx.beginPath();
        ctx.moveTo(x + unit * 0.05, top + unit * 0.2);
        ctx.lineTo(x + unit * 0.05, top + unit * 0.34);
        ctx.moveTo(x, top + unit * 0.27);
        ctx.lineTo(x + unit * 0.1, top + unit * 0.27);
        ctx.stroke();
      }
    });
    const rope = unit * 0.02;
    const count = width > height ? 5 : 3;
    const lanterns = Array.from({ length: count }, (_, i) => ({
      x: width * ((i + 0.5) / count), top: rope, length: height * (0.16 + 0.12 * ((i % 2) ^ 1)) + unit * 0.05 * random(),
      size: unit * (i === Math.floor(count / 2) ? 0.2 : 0.15), phase: random() * 6,
    }));
    // Below the lanterns and above the roof, where the sky is open.
    const bursts = Array.from({ length: 3 }, (_, i) => ({
      x: width * ([0.28, 0.72, 0.5][i]! + 0.08 * (random() - 0.5)), y: height * ([0.56, 0.62, 0.7][i]! - 0.04 * random()), size: unit * (0.2 + 0.08 * random()),
      offset: i * 0.9 + random() * 0.3, colour: ['#ffd700', '#ff6b6b', '#fff5d6'][i]!, sparks: 18 + Math.floor(random() * 8),
    }));
    const drawLantern = (ctx: SKRSContext2D, l: (typeof lanterns)[number], t: number) => {
      const angle = 0.06 * Math.sin(t * 1.4 + l.phase);
      ctx.save();
      ctx.translate(l.x, l.top);
      ctx.rotate(angle);
      ctx.strokeStyle = '#c9a227';
      ctx.lineWidth = Math.max(2, unit * 0.004);
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.lineTo(0, l.length);
      ctx.stroke();
      const cy = l.length + l.size * 0.75;
      glow(ctx, 0, cy, l.size * 2.2, '#ff5a2a', 0.35);
      const body = ctx.createRadialGradient(-l.size * 0.2, cy - l.size * 0.2, l.size * 0.1, 0, cy, l.size);
      body.addColorStop(0, '#ff7a4a');
      body.addColorStop(0.6, '#e0201b');
      body.addColorStop(1, '#8c0b0b');
      ctx.fillStyle = body;
      ctx.beginPath();
      ctx.ellipse(0, cy, l.size, l.size * 0.78, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = tint('#5c0404', 0.6);
      ctx.lineWidth = Math.max(1, unit * 0.003);
      for (const k of [-0.6, -0.25, 0.25, 0.6]) {
        ctx.beginPath();
        ctx.ellipse(0, cy, l.size * Math.abs(k), l.size * 0.78, 0, 0, Math.PI * 2);
        ctx.stroke();
      }
      ctx.fillStyle = '#d4a017';
      ctx.fillRect(-l.size * 0.45, cy - l.size * 0.86, l.size * 0.9, l.size * 0.14);
      ctx.fillRect(-l.size * 0.45, cy + l.size * 0.72, l.size * 0.9, l.size * 0.14);
      ctx.fillStyle = '#ffd700';
      ctx.font = `${FONT_WEIGHTS.title} ${Math.round(l.size * 0.7)}px "${FONT_FAMILY}"`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText('福', 0, cy + l.size * 0.04);
      // The tassel, swinging a little behind.
      ctx.strokeStyle = '#ffcc33';
      ctx.lineWidth = Math.max(1, unit * 0.003);
      const tasselTop = cy + l.size * 0.86;
      for (let k = -3; k <= 3; k++) {
        ctx.beginPath();
        ctx.moveTo(k * l.size * 0.03, tasselTop);
        ctx.lineTo(k * l.size * 0.05 - angle * l.size * 2, tasselTop + l.size * 0.6);
        ctx.stroke();
      }
      ctx.restore();
    };
    return (ctx, t) => {
      ctx.drawImage(night, 0, 0);
      for (const b of bursts) {
        const phase = ((t / 2.4 + b.offset) % 1 + 1) % 1;
        if (phase > 0.8) continue;
        const spread = Math.sqrt(phase / 0.8);
        const alpha = phase < 0.1 ? phase / 0.1 : 1 - (phase - 0.1) / 0.7;
        glow(ctx, b.x, b.y, b.size * 1.4, b.colour, 0.18 * alpha);
        ctx.fillStyle = tint(b.colour, alpha);
        ctx.strokeStyle = tint(b.colour, alpha * 0.5);
        ctx.lineWidth = Math.max(2, unit * 0.004);
        for (let k = 0; k < b.sparks; k++) {
          const a = (k / b.sparks) * Math.PI * 2;
          const reach = b.size * spread;
          const x = b.x + Math.cos(a) * reach;
          const y = b.y + Math.sin(a) * reach + phase * phase * unit * 0.06;
          ctx.beginPath();
          ctx.moveTo(b.x + Math.cos(a) * reach * 0.6, b.y + Math.sin(a) * reach * 0.6);
          ctx.lineTo(x, y);
          ctx.stroke();
          ctx.beginPath();
          ctx.arc(x, y, unit * 0.009, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      drawBand(ctx, roof);
      ctx.strokeStyle = '#2a0a08';
      ctx.lineWidth = Math.max(2, unit * 0.006);
      ctx.beginPath();
      ctx.moveTo(0, rope * 0.5);
      ctx.quadraticCurveTo(width / 2, rope * 2, width, rope * 0.5);
      ctx.stroke();
      for (const l of lanterns) drawLantern(ctx, l, t);
    };
  },

  // 科技: a new phone floating over a glowing stage, a grid floor running to the horizon, a light sweep.
  launch: ({ width, height, unit, random }) => {
    const horizon = height * (height > width ? 0.62 : 0.68);
    const stage = layer(width, height, (ctx) => {
      ctx.fillStyle = verticalGradient(ctx, 0, height, ['#02040f', '#081a45', '#0d2b6b', '#030716']);
      ctx.fillRect(0, 0, width, height);
      glow(ctx, width / 2, horizon, unit * 0.9, '#1b4fd8', 0.5);
      // A spotlight cone from above.
      const cone = ctx.createLinearGradient(0, 0, 0, horizon);
      cone.addColorStop(0, tint('#38e1ff', 0.02));
      cone.addColorStop(1, tint('#38e1ff', 0.16));
      ctx.fillStyle = cone;
      ctx.beginPath();
      ctx.moveTo(width / 2 - unit * 0.06, 0);
      ctx.lineTo(width / 2 + unit * 0.06, 0);
      ctx.lineTo(width / 2 + unit * 0.45, horizon + unit * 0.08);
      ctx.lineTo(width / 2 - unit * 0.45, horizon + unit * 0.08);
      ctx.fill();
      ctx.strokeStyle = tint('#38e1ff', 0.8);
      ctx.lineWidth = Math.max(2, unit * 0.004);
      ctx.beginPath();
      ctx.moveTo(0, horizon);
      ctx.lineTo(width, horizon);
      ctx.stroke();
    });
    const px = width / 2;
    // The top fifth stays clear: this theme's captions sit under the top edge (caption-style.ts).
    const ph = Math.min(unit * 0.5, (horizon - height * 0.2) / 1.12);
    const pw = ph * 0.5;
    const particles = Array.from({ length: 40 }, () => ({ x: random(), y: random(), speed: 0.03 + 0.05 * random(), size: unit * (0.002 + 0.004 * random()) }));
    const phone = (ctx: SKRSContext2D, x: number, y: number, t: number) => {
      ctx.fillStyle = '#0a0f1f';
      ctx.strokeStyle = '#9fb4d8';
      ctx.lineWidth = Math.max(2, unit * 0.005);
      ctx.beginPath();
      ctx.roundRect(x - pw / 2, y - ph / 2, pw, ph, pw * 0.16);
      ctx.fill();
      ctx.stroke();
      const inset = pw * 0.05;
      const screen = ctx.createLinearGradient(x - pw / 2, y - ph / 2, x + pw / 2, y + ph / 2);
      screen.addColorStop(0, '#38e1ff');
      screen.addColorStop(0.5, '#1b4fd8');
      screen.addColorStop(1, '#6a2bd8');
      ctx.fillStyle = screen;
      ctx.beginPath();
      ctx.roundRect(x - pw / 2 + inset, y - ph / 2 + inset, pw - inset * 2, ph - inset * 2, pw * 0.12);
      ctx.fill();
      ctx.save();
      ctx.clip();
      // Rings on the screen, turning; a sweep of light crossing it now and then.
      ctx.strokeStyle = tint('#e8f6ff', 0.7);
      ctx.lineWidth = Math.max(2, unit * 0.004);
      for (let k = 1; k <= 3; k++) {
        ctx.beginPath();
        ctx.arc(x, y - ph * 0.05, pw * 0.12 * k, t * (0.5 + k * 0.3), t * (0.5 + k * 0.3) + Math.PI * 1.3);
        ctx.stroke();
      }
      const sweep = ((t / 2.5) % 1) * 2 - 0.5;
      const sx = x - pw + sweep * pw * 2;
      const band = ctx.createLinearGradient(sx - pw * 0.3, 0, sx + pw * 0.3, 0);
      band.addColorStop(0, tint('#ffffff', 0));
      band.addColorStop(0.5, tint('#ffffff', 0.45));
      band.addColorStop(1, tint('#ffffff', 0));
      ctx.fillStyle = band;
      ctx.fillRect(x - pw, y - ph, pw * 2, ph * 2);
      ctx.restore();
      ctx.fillStyle = '#0a0f1f';
      ctx.beginPath();
      ctx.roundRect(x - pw * 0.14, y - ph / 2 + inset * 1.6, pw * 0.28, inset * 1.2, inset * 0.6);
      ctx.fill();
    };
    return (ctx, t) => {
      ctx.drawImage(stage, 0, 0);
      // The floor's grid: lines to the vanishing point, and cross lines coming toward the viewer.
      ctx.strokeStyle = tint('#38e1ff', 0.35);
      ctx.lineWidth = Math.max(1, unit * 0.002);
      ctx.beginPath();
      for (let i = -14; i <= 14; i++) {
        ctx.moveTo(px + i * unit * 0.03, horizon);
        ctx.lineTo(px + i * unit * 0.3, height);
      }
      for (let k = 0; k < 12; k++) {
        const d = (k + (t * 0.6) % 1) / 12;
        const y = horizon + (height - horizon) * d * d;
        ctx.moveTo(0, y);
        ctx.lineTo(width, y);
      }
      ctx.stroke();
      const bob = Math.sin(t * 1.3) * unit * 0.012;
      const y = horizon - ph * 0.62 + bob;
      // Pulsing rings on the floor under it.
      for (let k = 0; k < 3; k++) {
        const grow = ((t * 0.5 + k / 3) % 1);
        ctx.strokeStyle = tint('#38e1ff', 0.6 * (1 - grow));
        ctx.lineWidth = Math.max(2, unit * 0.004);
        ctx.beginPath();
        ctx.ellipse(px, horizon + unit * 0.04, pw * (0.6 + grow * 1.4), unit * 0.02 * (1 + grow * 1.4), 0, 0, Math.PI * 2);
        ctx.stroke();
      }
      glow(ctx, px, y, ph * 0.9, '#38e1ff', 0.3);
      // Its reflection in the floor, faint.
      ctx.save();
      ctx.globalAlpha = 0.18;
      ctx.translate(0, 2 * (horizon + unit * 0.04));
      ctx.scale(1, -1);
      phone(ctx, px, y, t);
      ctx.restore();
      phone(ctx, px, y, t);
      ctx.fillStyle = '#bdf3ff';
      for (const p of particles) {
        const py = ((p.y - t * p.speed) % 1 + 1) % 1;
        ctx.globalAlpha = 0.3 + 0.5 * Math.sin(py * Math.PI);
        ctx.beginPath();
        ctx.arc(p.x * width, py * height, p.size, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    };
  },

  // 亲子: a sunny park, hills and trees, clouds drifting, a kite in the wind, balloons rising.
  park: ({ width, height, unit, random }) => {
    const sky = layer(width, height, (ctx) => {
      ctx.fillStyle = verticalGradient(ctx, 0, height * 0.7, ['#6ec6ff', '#a9e0ff', '#ffe3d6']);
      ctx.fillRect(0, 0, width, height);
    });
    const margin = unit * 0.1;
    const far = band(width + 2 * margin, height * 0.6 - unit * 0.16, height, (ctx) => {
      ridge(ctx, width + 2 * margin, height * 0.6, height, [[unit * 0.04, unit * 0.9, 0.5], [unit * 0.02, unit * 0.4, 2]], '#8fd694');
      for (let k = 0; k < 9; k++) {
        const x = random() * (width + 2 * margin);
        const y = height * 0.6 - unit * 0.02;
        const s = unit * (0.04 + 0.03 * random());
        ctx.fillStyle = '#6b4a2b';
        ctx.fillRect(x - s * 0.12, y, s * 0.24, s * 1.1);
        ctx.fillStyle = k % 2 ? '#4caf50' : '#3e9a47';
        ctx.beginPath();
        ctx.arc(x, y - s * 0.2, s * 0.7, 0, Math.PI * 2);
        ctx.arc(x - s * 0.35, y + s * 0.1, s * 0.5, 0, Math.PI * 2);
        ctx.arc(x + s * 0.35, y + s * 0.1, s * 0.5, 0, Math.PI * 2);
        ctx.fill();
      }
    });
    const near = band(width + 2 * margin, height * 0.74 - unit * 0.08, height, (ctx) => {
      ridge(ctx, width + 2 * margin, height * 0.74, height, [[unit * 0.05, unit * 1.3, 1.3], [unit * 0.015, unit * 0.35, 0.2]], verticalGradient(ctx, height * 0.7, height, ['#6cc46b', '#3f9a45']));
      const colours = ['#ff6a88', '#fff3b0', '#ffffff', '#ffa94d', '#c77dff'];
      for (let k = 0; k < 90; k++) {
        const x = random() * (width + 2 * margin);
        const y = height * (0.79 + 0.2 * random());
        const s = unit * (0.006 + 0.006 * random()) * (1 + (y / height - 0.8) * 3);
        ctx.fillStyle = colours[k % colours.length]!;
        for (let p = 0; p < 5; p++) {
          ctx.beginPath();
          ctx.arc(x + Math.cos((p * Math.PI * 2) / 5) * s, y + Math.sin((p * Math.PI * 2) / 5) * s, s * 0.8, 0, Math.PI * 2);
          ctx.fill();
        }
        ctx.fillStyle = '#ffd43b';
        ctx.beginPath();
        ctx.arc(x, y, s * 0.6, 0, Math.PI * 2);
        ctx.fill();
      }
    });
    const clouds = Array.from({ length: 4 }, () => ({ x: random() * width, y: height * (0.08 + 0.3 * random()), size: unit * (0.14 + 0.1 * random()), speed: unit * (0.015 + 0.02 * random()) }));
    const balloons = Array.from({ length: 3 }, (_, i) => ({
      x: width * (0.15 + 0.3 * i + 0.1 * random()), y: height * (0.35 + 0.25 * random()), speed: unit * (0.02 + 0.015 * random()),
      colour: ['#ff6a88', '#ffd43b', '#4dabf7'][i]!, phase: random() * 6,
    }));
    const kite = { x: width * 0.68, y: height * 0.22 };
    return (ctx, t) => {
      ctx.drawImage(sky, 0, 0);
      const sun = { x: width * 0.2, y: height * 0.12 };
      glow(ctx, sun.x, sun.y, unit * 0.35, '#fff3b0', 0.7);
      ctx.strokeStyle = tint('#fff3b0', 0.6);
      ctx.lineWidth = Math.max(2, unit * 0.008);
      ctx.beginPath();
      for (let k = 0; k < 12; k++) {
        const a = (k / 12) * Math.PI * 2 + t * 0.2;
        ctx.moveTo(sun.x + Math.cos(a) * unit * 0.1, sun.y + Math.sin(a) * unit * 0.1);
        ctx.lineTo(sun.x + Math.cos(a) * unit * 0.15, sun.y + Math.sin(a) * unit * 0.15);
      }
      ctx.stroke();
      ctx.fillStyle = '#ffe066';
      ctx.beginPath();
      ctx.arc(sun.x, sun.y, unit * 0.075, 0, Math.PI * 2);
      ctx.fill();
      for (const c of clouds) cloud(ctx, wrapAround(c.x + t * c.speed, width, c.size), c.y, c.size, tint('#ffffff', 0.92));
      // Parallax: the far hills slide less than the near ones.
      drawBand(ctx, far, -margin - Math.sin(t * 0.15) * margin * 0.3);
      // The kite, its string to the ground and its tail in the wind.
      const kx = kite.x + Math.sin(t * 0.9) * unit * 0.04;
      const ky = kite.y + Math.cos(t * 1.1) * unit * 0.025;
      const ks = unit * 0.09;
      ctx.strokeStyle = tint('#ffffff', 0.9);
      ctx.lineWidth = Math.max(1, unit * 0.002);
      ctx.beginPath();
      ctx.moveTo(kx, ky + ks);
      ctx.quadraticCurveTo(kx - unit * 0.1, height * 0.6, width * 0.45, height);
      ctx.stroke();
      ctx.save();
      ctx.translate(kx, ky);
      ctx.rotate(0.15 * Math.sin(t * 0.9));
      for (const [colour, points] of [['#ff6a88', [[0, -ks], [ks * 0.7, 0], [0, 0]]], ['#ffd43b', [[ks * 0.7, 0], [0, ks], [0, 0]]], ['#4dabf7', [[0, ks], [-ks * 0.7, 0], [0, 0]]], ['#69db7c', [[-ks * 0.7, 0], [0, -ks], [0, 0]]]] as const) {
        ctx.fillStyle = colour;
        ctx.beginPath();
        ctx.moveTo(points[0][0], points[0][1]);
        ctx.lineTo(points[1][0], points[1][1]);
        ctx.lineTo(points[2][0], points[2][1]);
        ctx.fill();
      }
      ctx.strokeStyle = '#ff6a88';
      ctx.lineWidth = Math.max(2, unit * 0.004);
      ctx.beginPath();
      ctx.moveTo(0, ks);
      for (let k = 1; k <= 8; k++) ctx.lineTo(Math.sin(t * 3 + k * 0.8) * ks * 0.25, ks + k * ks * 0.22);
      ctx.stroke();
      ctx.restore();
      drawBand(ctx, near, -margin - Math.sin(t * 0.15) * margin * 0.8);
      for (const b of balloons) {
        const y = wrapAround(b.y - t * b.speed, height, unit * 0.3);
        const x = b.x + Math.sin(t + b.phase) * unit * 0.02;
        const r = unit * 0.05;
        ctx.strokeStyle = tint('#555555', 0.8);
        ctx.lineWidth = Math.max(1, unit * 0.002);
        ctx.beginPath();
        ctx.moveTo(x, y + r * 1.2);
        ctx.quadraticCurveTo(x + r * 0.4, y + r * 2.2, x, y + r * 3.4);
        ctx.stroke();
        ctx.fillStyle = b.colour;
        ctx.beginPath();
        ctx.ellipse(x, y, r, r * 1.2, 0, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = tint('#ffffff', 0.5);
        ctx.beginPath();
        ctx.ellipse(x - r * 0.35, y - r * 0.4, r * 0.18, r * 0.3, -0.4, 0, Math.PI * 2);
        ctx.fill();
      }
    };
  },

  // 商务: a city at dusk, towers with lit windows that come on one by one, the moon, a river of reflections.
  skyline: ({ width, height, unit, random }) => {
    const ground = height * 0.8;
    const margin = unit * 0.12;
    const span = width + 2 * margin;
    const sky = layer(width, height, (ctx) => {
      ctx.fillStyle = verticalGradient(ctx, 0, ground, ['#0b1026', '#1f1b4a', '#5a3a6e', '#c77d4a', '#e5b567']);
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#ffffff';
      for (let k = 0; k < 50; k++) {
        ctx.globalAlpha = 0.2 + 0.6 * random();
        ctx.beginPath();
        ctx.arc(random() * width, random() * ground * 0.45, unit * 0.0025 * (1 + random()), 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
      const moon = { x: width * 0.78, y: height * 0.16, r: unit * 0.06 };
      glow(ctx, moon.x, moon.y, moon.r * 4, '#fff4d6', 0.35);
      ctx.fillStyle = '#fff4d6';
      ctx.beginPath();
      ctx.arc(moon.x, moon.y, moon.r, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = tint('#e0d2b0', 0.6);
      for (const [dx, dy, r] of [[-0.3, -0.2, 0.18], [0.25, 0.1, 0.22], [-0.1, 0.35, 0.12]] as const) {
        ctx.beginPath();
        ctx.arc(moon.x + dx * moon.r, moon.y + dy * moon.r, r * moon.r, 0, Math.PI * 2);
        ctx.fill();
      }
    });
    interface Tower { x: number; w: number; top: number; }
    const towers = (count: number, low: number, high: number): Tower[] => {
      const list: Tower[] = [];
      let x = 0;
      while (x < span && list.length < count) {
        const w = unit * (0.08 + 0.1 * random());
        list.push({ x, w, top: ground - height * (low + (high - low) * random()) });
        x += w + unit * 0.01 * random();
      }
      return list;
    };
    const windowsOf = (tower: Tower) => {
      const cols = Math.max(2, Math.floor(tower.w / (unit * 0.022)));
      const rows = Math.floor((ground - tower.top - unit * 0.02) / (unit * 0.028));
      const cw = tower.w / cols;
      return { cols, rows, cw, rh: unit * 0.028 };
    };
    const farTowers = towers(40, 0.2, 0.45);
    const nearTowers = towers(40, 0.15, 0.55);
    const paintTowers = (ctx: SKRSContext2D, list: Tower[], body: string, lit: string, share: number) => {
      for (const tower of list) {
        ctx.fillStyle = body;
        ctx.fillRect(tower.x, tower.top, tower.w, ground - tower.top);
        const { cols, rows, cw, rh } = windowsOf(tower);
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            ctx.fillStyle = random() < share ? lit : tint('#0a0f1f', 0.6);
            ctx.fillRect(tower.x + c * cw + cw * 0.25, tower.top + unit * 0.02 + r * rh, cw * 0.5, rh * 0.55);
          }
        }
      }
    };
    const skyTop = Math.min(...farTowers.map((t) => t.top), ...nearTowers.map((t) => t.top)) - unit * 0.14;
    const far = band(span, skyTop, ground, (ctx) => paintTowers(ctx, farTowers, '#2a2a4a', tint('#ffd98a', 0.55), 0.35));
    const near = band(span, skyTop, ground, (ctx) => {
      paintTowers(ctx, nearTowers, '#15151f', '#ffcf70', 0.4);
      // A spire on the tallest.
      const tallest = nearTowers.reduce((a, b) => (b.top < a.top ? b : a));
      ctx.fillStyle = '#15151f';
      ctx.fillRect(tallest.x + tallest.w / 2 - unit * 0.004, tallest.top - unit * 0.12, unit * 0.008, unit * 0.12);
    });
    const tallest = nearTowers.reduce((a, b) => (b.top < a.top ? b : a));
    // Windows that light up and go dark over time, in the near towers.
    const blinking = Array.from({ length: 30 }, () => {
      const tower = nearTowers[Math.floor(random() * nearTowers.length)]!;
      const { cols, rows, cw, rh } = windowsOf(tower);
      return {
        x: tower.x + Math.floor(random() * cols) * cw + cw * 0.25, y: tower.top + unit * 0.02 + Math.floor(random() * Math.max(1, rows)) * rh,
        w: cw * 0.5, h: rh * 0.55, period: 2 + 3 * random(), phase: random(),
      };
    });
    return (ctx, t) => {
      ctx.drawImage(sky, 0, 0);
      // A slow pan across the city, the far towers moving less.
      const pan = margin * 0.9 * Math.sin(t * 0.12 - 0.5);
      drawBand(ctx, far, -margin + pan * 0.4);
      const nearX = -margin + pan;
      drawBand(ctx, near, nearX);
      ctx.fillStyle = '#ffcf70';
      for (const w of blinking) if (((t / w.period + w.phase) % 1) < 0.5) ctx.fillRect(nearX + w.x, w.y, w.w, w.h);
      const beacon = 0.5 + 0.5 * Math.sin(t * 3);
      glow(ctx, nearX + tallest.x + tallest.w / 2, tallest.top - unit * 0.12, unit * 0.04, '#ff3b30', beacon);
      // The river: the towers' lights in streaks that shimmer.
      ctx.fillStyle = verticalGradient(ctx, ground, height, ['#1a1830', '#0a0a14']);
      ctx.fillRect(0, ground, width, height - ground);
      for (const tower of nearTowers) {
        const x = nearX + tower.x + tower.w / 2;
        if (x < -tower.w || x > width + tower.w) continue;
        for (let k = 0; k < 6; k++) {
          const y = ground + ((k + 0.5) / 6) * (height - ground);
          const wobble = Math.sin(t * 2 + k + tower.x) * tower.w * 0.15;
          ctx.fillStyle = tint('#ffcf70', 0.28 * (1 - k / 7));
          ctx.fillRect(x - tower.w * 0.3 + wobble, y, tower.w * 0.6, Math.max(2, unit * 0.006));
        }
      }
      ctx.fillStyle = tint('#e5b567', 0.7);
      ctx.fillRect(0, ground, width, Math.max(2, unit * 0.003));
    };
  },
};
