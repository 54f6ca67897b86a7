// The drawn scenes of the templates' themes: each is a picture (outlines, not a gradient), each
// differs from the others, each moves, and the same task draws the same scene.
import { createCanvas } from '@napi-rs/canvas';
import { createBackground } from '../src/background.js';
import { frameSize } from '../src/frame-size.js';
import { createScene, SCENES, type Scene } from '../src/scenes.js';
import { resolveTheme, type Motif } from '../src/theme.js';
import type { AspectRatio } from '../src/types.js';
import { edgeShare, histogramOverlap, meanDifference, type Pixels } from './helpers/pixels.js';

const RATIOS: AspectRatio[] = ['9:16', '16:9', '1:1'];
const MOTIFS: Motif[] = ['bokeh', 'waves', 'grid', 'confetti', 'bubbles', 'rays'];
/** More of the frame is outlines than in any moving background (which measure at most 0.01). */
const SCENE_EDGES = 0.012;

function draw(ratio: AspectRatio, paint: (ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void): Pixels {
  const size = frameSize(ratio);
  const canvas = createCanvas(size.width, size.height);
  paint(canvas.getContext('2d', { alpha: false }));
  return { data: Uint8Array.from(canvas.data()), width: size.width, height: size.height };
}

const scene = (name: Scene, ratio: AspectRatio, t: number, seed = 42) => draw(ratio, (ctx) => createScene(name, frameSize(ratio), seed)(ctx, t));

describe.each(RATIOS)('scenes at %s', (ratio) => {
  const shots = new Map(SCENES.map((name) => [name, scene(name, ratio, 1.5)]));

  it.each(SCENES)('%s is drawn things, not a gradient', (name) => {
    expect(edgeShare(shots.get(name)!)).toBeGreaterThan(SCENE_EDGES);
  });

  it('the measure tells a gradient background from a scene: none of the moving backgrounds passes it', () => {
    for (const motif of MOTIFS) {
      const theme = resolveTheme({ params: { background: ['#0b3d5c', '#1fa2c9', '#8fe3f0'], accent: '#ffd166', motif } });
      const background = draw(ratio, (ctx) => createBackground(frameSize(ratio), theme, 42)(ctx, 1.5));
      expect({ motif, gradient: edgeShare(background) < SCENE_EDGES }).toEqual({ motif, gradient: true });
    }
  });

  it('every scene has its own colours: no two share more than a third of their pixels\' colours', () => {
    for (const a of SCENES) {
      for (const b of SCENES) {
        if (a < b) expect({ a, b, overlap: histogramOverlap(shots.get(a)!, shots.get(b)!) < 1 / 3 }).toEqual({ a, b, overlap: true });
      }
    }
  });
});

describe('scene motion', () => {
  it.each(SCENES)('%s moves from one second to the next, without jumping between frames', (name) => {
    const [a, b, next] = [scene(name, '9:16', 1), scene(name, '9:16', 2), scene(name, '9:16', 1 + 1 / 30)];
    expect(meanDifference(a, b)).toBeGreaterThan(0.5);
    // A frame later, far less changes than over a second.
    expect(meanDifference(a, next)).toBeLessThan(meanDifference(a, b));
  });

  it('draws the same scene for the same seed (a retried render is the same video), another for another', () => {
    expect(meanDifference(scene('skyline', '1:1', 2, 7), scene('skyline', '1:1', 2, 7))).toBe(0);
    expect(meanDifference(scene('skyline', '1:1', 2, 7), scene('skyline', '1:1', 2, 8))).toBeGreaterThan(1);
  });
});

describe('the scene a template names', () => {
  it('is taken from params.scene; anything else means no scene', () => {
    expect(resolveTheme({ params: { scene: 'seaside' } }).scene).toBe('seaside');
    expect(resolveTheme({ params: { scene: 'moon' } }).scene).toBeUndefined();
    expect(resolveTheme({ style: 'travel' }).scene).toBeUndefined();
  });
});
