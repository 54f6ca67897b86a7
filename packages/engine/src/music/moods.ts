// What each mood of the engine's music is made of: tempo, key and scale, the progressions its
// chords move through, which instrument plays chords, bass and melody and in what pattern, and its
// drum grooves. A template's seed picks among the choices, so two templates of one mood differ.
import type { MusicMood } from '@app/contract';

export type ChordInstrument = 'pluck' | 'piano' | 'electricPiano' | 'synth' | 'zheng';
export type MelodyInstrument = 'flute' | 'mallet' | 'dizi' | 'synthLead' | 'musicBox' | 'bell';
/** How a bar's chord is played. */
export type ChordPattern = 'strum' | 'comp' | 'arp8' | 'arp16' | 'pulse8' | 'sustain';
export type BassPattern = 'rootFifth' | 'walking' | 'quarters' | 'offbeat' | 'halves' | 'eighths';
/** A drum line over one bar of 16 steps: 'x' a hit, 'o' a soft one, '.' a rest. */
export type Groove = Partial<Record<DrumName, string>>;
export type DrumName = 'kick' | 'snare' | 'brush' | 'clap' | 'hat' | 'openHat' | 'shaker' | 'bigDrum' | 'woodBlock';

export interface MoodStyle {
  bpm: [number, number];
  /** The scale chords are built in; the melody keeps to `melodyScale` when given (a pentatonic over major chords). */
  scale: 'major' | 'minor';
  melodyScale?: number[];
  /** Tonic pitch classes to choose from (0 = C). */
  tonics: number[];
  /** Chord roots as scale degrees (0-based), a bar each. */
  progressions: number[][];
  /** The chord before the final tonic. */
  cadence: number;
  sevenths: boolean;
  /** Where the off-beat eighth falls, as a fraction of the beat: 0.5 straight, ~0.62 swung. */
  swing: number;
  chords: { instrument: ChordInstrument; pattern: ChordPattern; level: number };
  pad?: number;
  bass: { pattern: BassPattern; level: number; synth?: boolean };
  melody: { instrument: MelodyInstrument; level: number; density: number; sixteenths: boolean };
  grooves: Groove[];
  /** Drum level, and a crash (or gong) at the start of each phrase. */
  drums: number;
  accent: 'crash' | 'gong' | 'none';
  reverb: number;
}

export const MAJOR = [0, 2, 4, 5, 7, 9, 11];
export const MINOR = [0, 2, 3, 5, 7, 8, 10];
/** 宫调式: the major pentatonic, what makes a tune sound Chinese to a Chinese ear. */
const PENTATONIC = [0, 2, 4, 7, 9];

export const MOOD_STYLES: Record<MusicMood, MoodStyle> = {
  // Light, bright, on the move: strummed guitar, a flute, a steady pop beat.
  travel: {
    bpm: [104, 116], scale: 'major', tonics: [0, 2, 4, 5, 7, 9], cadence: 4, sevenths: false, swing: 0.5,
    progressions: [[0, 4, 5, 3], [0, 3, 5, 4], [5, 3, 0, 4], [0, 5, 3, 4], [3, 0, 4, 5]],
    chords: { instrument: 'pluck', pattern: 'strum', level: 0.32 }, pad: 0.05,
    bass: { pattern: 'rootFifth', level: 0.5 },
    melody: { instrument: 'flute', level: 0.26, density: 0.5, sixteenths: false },
    grooves: [
      { kick: 'x.....x.x.......', snare: '....x.......x...', hat: 'x.x.x.x.x.x.x.x.', shaker: '.o.o.o.o.o.o.o.o' },
      { kick: 'x.......x.x.....', snare: '....x.......x..o', hat: 'x.xox.xox.xox.xo' },
    ],
    drums: 0.55, accent: 'crash', reverb: 0.22,
  },
  // Warm, relaxed, swung: electric piano sevenths, a walking bass, brushes, a vibraphone.
  food: {
    bpm: [86, 96], scale: 'major', tonics: [0, 2, 3, 5, 7, 10], cadence: 4, sevenths: true, swing: 0.64,
    progressions: [[1, 4, 0, 5], [0, 5, 1, 4], [0, 3, 2, 5], [3, 4, 2, 5], [0, 1, 2, 3]],
    chords: { instrument: 'electricPiano', pattern: 'comp', level: 0.36 }, pad: 0,
    bass: { pattern: 'walking', level: 0.55 },
    melody: { instrument: 'mallet', level: 0.3, density: 0.45, sixteenths: false },
    grooves: [
      { kick: 'o.......o.......', brush: '....x.......x...', hat: 'x.o.x.o.x.o.x.o.' },
      { kick: 'o.....o...o.....', brush: '....x.......x...', hat: 'x.oox.oox.oox.oo' },
    ],
    drums: 0.45, accent: 'none', reverb: 0.25,
  },
  // Festive and fast: a pentatonic dizi tune over a plucked zheng, big drum and wood block.
  festival: {
    bpm: [126, 138], scale: 'major', melodyScale: PENTATONIC, tonics: [0, 2, 5, 7, 9], cadence: 4, sevenths: false, swing: 0.5,
    progressions: [[0, 5, 3, 4], [0, 3, 0, 4], [0, 4, 5, 4], [5, 3, 4, 0], [0, 0, 3, 4]],
    chords: { instrument: 'zheng', pattern: 'arp8', level: 0.3 }, pad: 0,
    bass: { pattern: 'quarters', level: 0.45 },
    melody: { instrument: 'dizi', level: 0.28, density: 0.7, sixteenths: true },
    grooves: [
      { bigDrum: 'x...x...x..x.x..', snare: '....x.......x.x.', woodBlock: '..x...x...x...x.', hat: 'x.x.x.x.x.x.x.x.' },
      { bigDrum: 'x..x..x.x...x...', snare: '....x..o....x...', woodBlock: 'x.x.x.x.x.x.x.x.' },
    ],
    drums: 0.6, accent: 'gong', reverb: 0.18,
  },
  // Electronic, minor, driving: a sixteenth-note synth arpeggio over a pad, four on the floor.
  tech: {
    bpm: [120, 128], scale: 'minor', tonics: [9, 2, 4, 7, 11], cadence: 6, sevenths: false, swing: 0.5,
    progressions: [[0, 5, 2, 6], [0, 6, 5, 6], [0, 5, 3, 4], [5, 6, 0, 0], [0, 3, 5, 6]],
    chords: { instrument: 'synth', pattern: 'arp16', level: 0.22 }, pad: 0.12,
    bass: { pattern: 'offbeat', level: 0.5, synth: true },
    melody: { instrument: 'synthLead', level: 0.18, density: 0.35, sixteenths: false },
    grooves: [
      { kick: 'x...x...x...x...', clap: '....x.......x...', openHat: '..x...x...x...x.', hat: 'oooooooooooooooo' },
      { kick: 'x...x...x...x..o', clap: '....x.......x...', openHat: '..x...x...x...x.', hat: 'o.o.o.o.o.o.o.o.' },
    ],
    drums: 0.55, accent: 'crash', reverb: 0.2,
  },
  // Gentle and soft: a music box over broken piano chords, a shaker, hardly any drum.
  family: {
    bpm: [80, 90], scale: 'major', tonics: [0, 2, 5, 7, 9], cadence: 4, sevenths: false, swing: 0.5,
    progressions: [[0, 3, 0, 4], [0, 5, 3, 4], [0, 2, 3, 4], [3, 4, 2, 5], [0, 4, 3, 4]],
    chords: { instrument: 'piano', pattern: 'arp8', level: 0.36 }, pad: 0.04,
    bass: { pattern: 'halves', level: 0.4 },
    melody: { instrument: 'musicBox', level: 0.3, density: 0.45, sixteenths: false },
    grooves: [
      { kick: 'o.......o.......', shaker: 'x.o.x.o.x.o.x.o.', clap: '....o.......o...' },
      { kick: 'o.........o.....', shaker: 'xoooxoooxoooxooo' },
    ],
    drums: 0.4, accent: 'none', reverb: 0.3,
  },
  // Confident, steady, clean: piano pulsing eighths, a bell line, a straight beat.
  business: {
    bpm: [96, 106], scale: 'major', tonics: [0, 2, 5, 7, 10], cadence: 4, sevenths: false, swing: 0.5,
    progressions: [[0, 4, 5, 3], [5, 3, 0, 4], [0, 5, 3, 4], [3, 0, 4, 5], [0, 3, 4, 4]],
    chords: { instrument: 'piano', pattern: 'pulse8', level: 0.26 }, pad: 0.08,
    bass: { pattern: 'eighths', level: 0.42 },
    melody: { instrument: 'bell', level: 0.24, density: 0.4, sixteenths: false },
    grooves: [
      { kick: 'x.......x.x.....', snare: '....x.......x...', hat: 'x.x.x.x.x.x.x.x.' },
      { kick: 'x.....x.x.......', snare: '....x.......x...', hat: 'xoxoxoxoxoxoxoxo' },
    ],
    drums: 0.5, accent: 'crash', reverb: 0.18,
  },
};
