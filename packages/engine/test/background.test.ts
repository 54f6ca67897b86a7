// The template backgrounds: each motif draws its own picture, and moves.
import { createCanvas } from '@napi-rs/canvas';
import { createBackground } from '../src/background.js';
import { frameSize } from '../src/frame-size.js';
import { resolveTheme, type Motif } from '../src/theme.js';

const MOTIFS: Motif[] = ['bokeh', 'waves', 'grid', 'confetti', 'bubbles', 'rays'];

function frame(motif: Motif, t: number): Buffer {
  const size = frameSize('9:16');
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d', { alpha: false });
  const theme = resolveTheme({ params: { background: ['#102040', '#204080'], accent: '#ffd166', text: '#ffffff', motif } });
  createBackground(size, theme, 42)(ctx, t);
  return Buffer.from(canvas.data());
}

describe('createBackground', () => {
  it('draws a different picture for every motif', () => {
    const frames = MOTIFS.map((motif) => frame(motif, 1));
    for (let a = 0; a < frames.length; a++) {
      for (let b = a + 1; b < frames.length; b++) expect({ a: MOTIFS[a], b: MOTIFS[b], same: frames[a]!.equals(frames[b]!) }).toMatchObject({ same: false });
    }
  });

  it.each(MOTIFS)('moves %s over time', (motif) => {
    expect(frame(motif, 1).equals(frame(motif, 2))).toBe(false);
  });

  it('picks the motif from the style when params name none', () => {
    expect(resolveTheme({ style: 'festive' }).motif).toBe('confetti');
    expect(resolveTheme({ style: 'kids' }).motif).toBe('bubbles');
    expect(resolveTheme({ style: 'business' }).motif).toBe('rays');
    expect(resolveTheme({ style: 'business', params: { motif: 'waves' } }).motif).toBe('waves');
  });
});
