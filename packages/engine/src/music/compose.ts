// The score of a piece of the engine's music: from a mood, a seed and a length, the bars, the
// chords (voice-led from one to the next), the bass line, a melody built of repeated and varied
// motifs in four-bar phrases, and the drums; then an ending on the tonic. Notes only: synthesis is
// generate.ts's work.
import type { MusicMood } from '@app/contract';
import { hashString, seededRandom } from '../motion.js';
import {
  MAJOR, MINOR, MOOD_STYLES,
  type BassPattern, type ChordInstrument, type DrumName, type Groove, type MelodyInstrument, type MoodStyle,
} from './moods.js';

export type Part =
  | { kind: 'chord'; instrument: ChordInstrument }
  | { kind: 'pad' }
  | { kind: 'bass'; synth: boolean }
  | { kind: 'melody'; instrument: MelodyInstrument }
  | { kind: 'drum'; drum: DrumName | 'crash' | 'gong' | 'tom' };

export interface Note {
  part: Part;
  /** Seconds from the start. */
  start: number;
  /** Seconds held (a drum ignores it). */
  held: number;
  midi: number;
  /** 0–1, with the part's level already in it. */
  gain: number;
  pan: number;
}

export interface MusicPlan {
  mood: MusicMood;
  bpm: number;
  /** The tonic's pitch class (0 = C) and the scale. */
  tonic: number;
  scale: 'major' | 'minor';
  /** Chord roots as scale degrees, one a bar, the cadence chord last. */
  chords: number[];
  /** Whole bars played before the final chord, and when that chord sounds. */
  bars: number;
  endAt: number;
  /** The first bar is an intro without melody and drums. */
  intro: boolean;
}

/** Seconds the last chord rings before the video ends (the mix fades it out). */
const ENDING_TAIL = 1.9;

export function planMusic(mood: MusicMood, seed: string, duration: number): MusicPlan {
  const style = MOOD_STYLES[mood];
  const random = seededRandom(hashString(`${mood}\u0000${seed}`));
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  const nominal = style.bpm[0] + random() * (style.bpm[1] - style.bpm[0]);
  // The tempo bends a little (within 15 %) so that whole bars end just as the tail begins.
  const available = Math.max(1, duration - ENDING_TAIL);
  let bars = Math.max(1, Math.round((available * nominal) / 240));
  const bpm = Math.min(nominal * 1.15, Math.max(nominal * 0.85, (240 * bars) / available));
  while (bars > 1 && (bars * 240) / bpm > duration - 1.2) bars--;
  const progression = pick(style.progressions);
  const tonic = pick(style.tonics);
  const chords = Array.from({ length: bars }, (_, bar) => progression[bar % progression.length]!);
  if (bars >= 2) chords[bars - 1] = style.cadence;
  return { mood, bpm, tonic, scale: style.scale, chords, bars, endAt: (bars * 240) / bpm, intro: bars >= 4 };
}

export function composeMusic(mood: MusicMood, seed: string, duration: number): { plan: MusicPlan; notes: Note[] } {
  const plan = planMusic(mood, seed, duration);
  const style = MOOD_STYLES[mood];
  // A second stream for the details, so the plan above stays what planMusic says.
  const random = seededRandom(hashString(`notes\u0000${mood}\u0000${seed}`));
  const beat = 60 / plan.bpm;
  const scale = style.scale === 'major' ? MAJOR : MINOR;
  /** Seconds at a 16th-note step of a bar, the off-beat eighths swung. */
  const at = (bar: number, step: number) => {
    const beatIndex = Math.floor(step / 4);
    const within = step % 4;
    const offset = within === 2 ? style.swing : within === 1 ? style.swing / 2 : within === 3 ? (1 + style.swing) / 2 : 0;
    return (bar * 4 + beatIndex + offset) * beat;
  };
  const notes: Note[] = [];
  const human = () => (random() - 0.5) * 0.012;
  const vary = () => 0.88 + random() * 0.24;

  const chordPcs = (degree: number) => {
    const steps = style.sevenths ? [0, 2, 4, 6] : [0, 2, 4];
    return steps.map((s) => (plan.tonic + scale[(degree + s) % 7]!) % 12);
  };
  const voicings = voiceLead(plan.chords.map(chordPcs));
  const ending = voiceLead([...plan.chords.map(chordPcs), chordPcs(0)]).at(-1)!;

  // Chords and pad.
  plan.chords.forEach((degree, bar) => {
    const voicing = voicings[bar]!;
    const swell = plan.intro && bar === 0 ? 0.55 : 1;
    addChordBar(notes, style, voicing, bar, at, beat, random, swell);
    if (style.pad) for (const midi of voicing) notes.push({ part: { kind: 'pad' }, start: at(bar, 0), held: 4 * beat, midi, gain: style.pad * swell, pan: 0 });
    addBassBar(notes, style.bass.pattern, style, chordPcs(degree)[0]!, chordPcs(plan.chords[bar + 1] ?? 0)[0]!, bar, at, beat, random, swell, scale, plan.tonic);
  });

  // Melody: four-bar phrases after the intro, A and B alternating, each ending on a chord tone.
  const ladder = melodyLadder(style, scale, plan.tonic);
  let position = ladder.findIndex((m) => m >= 74);
  const motifs = { A: makeMotif(style, random), B: makeMotif(style, random) };
  const firstBar = plan.intro ? 1 : 0;
  for (let bar = firstBar; bar < plan.bars; bar++) {
    const phrase = Math.floor((bar - firstBar) / 4);
    const inPhrase = (bar - firstBar) % 4;
    const motif = phrase % 2 === 0 ? motifs.A : motifs.B;
    const last = bar === plan.bars - 1 || inPhrase === 3;
    const rhythm = last ? motif.cadence : inPhrase === 2 ? motif.answer : motif.call;
    const tones = chordPcs(plan.chords[bar]!);
    rhythm.forEach(([step, length], i) => {
      const strong = step % 4 === 0;
      position = clampIndex(position + (i === 0 && inPhrase !== 1 ? 0 : motif.contour[i % motif.contour.length]!), ladder);
      if (strong || i === rhythm.length - 1) position = nearestChordTone(ladder, position, tones);
      notes.push({
        part: { kind: 'melody', instrument: style.melody.instrument },
        start: at(bar, step) + human(), held: length * beat * 0.25 * 0.92, midi: ladder[position]!,
        gain: style.melody.level * (strong ? 1 : 0.85) * vary(), pan: 0.1,
      });
    });
  }

  // Drums, after the intro: the mood's grooves in turn (the seed says which comes first), a fill
  // closing each phrase, an accent opening it.
  const firstGroove = Math.floor(random() * style.grooves.length);
  for (let bar = firstBar; bar < plan.bars; bar++) {
    const phrase = Math.floor((bar - firstBar) / 4);
    const groove = style.grooves[(phrase + firstGroove) % style.grooves.length]!;
    const fill = (bar - firstBar) % 4 === 3 && bar < plan.bars - 1;
    addGrooveBar(notes, groove, style, bar, at, vary, fill);
    if ((bar - firstBar) % 4 === 0 && style.accent !== 'none') {
      notes.push({ part: { kind: 'drum', drum: style.accent }, start: at(bar, 0), held: 0, midi: 0, gain: style.drums * 0.5, pan: 0.3 });
    }
  }

  // The ending: the tonic chord, its root in the bass and the melody, one last hit, left to ring.
  const end = plan.endAt;
  const held = Math.max(0.5, duration - end);
  const endTone = nearestChordTone(ladder, position, [plan.tonic]);
  for (const [i, midi] of ending.entries()) {
    notes.push({ part: { kind: 'chord', instrument: style.chords.instrument === 'synth' ? 'piano' : style.chords.instrument }, start: end + i * 0.015, held, midi, gain: style.chords.level * 1.1, pan: -0.2 + i * 0.13 });
    if (style.pad) notes.push({ part: { kind: 'pad' }, start: end, held: held * 0.4, midi, gain: style.pad, pan: 0 });
  }
  // Held things let go early, so the end dies away rather than stopping.
  notes.push({ part: { kind: 'bass', synth: !!style.bass.synth }, start: end, held: Math.min(held * 0.4, 0.8), midi: bassNote(plan.tonic), gain: style.bass.level, pan: 0 });
  notes.push({ part: { kind: 'melody', instrument: style.melody.instrument }, start: end, held: Math.min(held, 1.2), midi: ladder[endTone]!, gain: style.melody.level, pan: 0.1 });
  notes.push({ part: { kind: 'drum', drum: style.grooves[0]!.bigDrum ? 'bigDrum' : 'kick' }, start: end, held: 0, midi: 0, gain: style.drums, pan: 0 });
  if (style.accent !== 'none') notes.push({ part: { kind: 'drum', drum: style.accent }, start: end, held: 0, midi: 0, gain: style.drums * 0.55, pan: 0.3 });

  return { plan, notes };
}

/**
 * Voicings for a run of chords (pitch classes, root first): the first in root position around
 * middle C, each next the inversion and octave that moves the voices least from the one before.
 */
export function voiceLead(chords: number[][]): number[][] {
  const voicings: number[][] = [];
  for (const pcs of chords) {
    const candidates: number[][] = [];
    for (let low = 50; low <= 64; low++) {
      if (!pcs.includes(low % 12)) continue;
      const start = pcs.indexOf(low % 12);
      const voicing = [low];
      for (let k = 1; k < pcs.length; k++) {
        let next = voicing[k - 1]! + 1;
        while (next % 12 !== pcs[(start + k) % pcs.length]) next++;
        voicing.push(next);
      }
      candidates.push(voicing);
    }
    const previous = voicings.at(-1);
    const cost = (v: number[]) => previous
      ? v.reduce((sum, m, i) => sum + Math.abs(m - (previous[i] ?? previous.at(-1)!)), 0)
      : Math.abs(v[0]! - 55) + (v[0]! % 12 === pcs[0] ? 0 : 12);
    voicings.push(candidates.reduce((best, v) => (cost(v) < cost(best) ? v : best)));
  }
  return voicings;
}

type At = (bar: number, step: number) => number;

/** A chord root in the bass, from E2 up to D♯3: low, yet still heard on a phone's speaker. */
const bassNote = (pc: number) => 40 + ((pc + 8) % 12);

function addChordBar(notes: Note[], style: MoodStyle, voicing: number[], bar: number, at: At, beat: number, random: () => number, swell: number): void {
  const part: Part = { kind: 'chord', instrument: style.chords.instrument };
  const level = style.chords.level * swell;
  const hit = (step: number, held: number, midi: number, gain: number, spread = 0) =>
    notes.push({ part, start: at(bar, step) + spread, held, midi, gain: gain * (0.9 + random() * 0.2), pan: -0.25 + ((midi % 12) / 12) * 0.5 });
  const chord = (step: number, length: number, gain: number, strum = 0) =>
    voicing.forEach((midi, i) => hit(step, length * beat * 0.25, midi, gain, i * strum));
  switch (style.chords.pattern) {
    case 'strum': // down, down-up, up: a pop guitar
      chord(0, 6, level, 0.012);
      chord(6, 2, level * 0.6, 0.008);
      chord(8, 4, level * 0.85, 0.012);
      chord(12, 4, level * 0.65, 0.008);
      break;
    case 'comp': // a jazz pianist's Charleston
      chord(0, 5, level);
      chord(6, 6, level * 0.8);
      break;
    case 'arp8': {
      const order = [0, 1, 2, voicing.length - 1, 2, 1, 0, 1];
      order.forEach((v, i) => hit(i * 2, 0.75 * beat, voicing[Math.min(v, voicing.length - 1)]! + (i === 3 ? 12 : 0), level * (i % 2 ? 0.75 : 1)));
      hit(0, 3.5 * beat, voicing[0]! - 12, level * 0.7);
      break;
    }
    case 'arp16': {
      const up = [...voicing, voicing[0]! + 12, voicing[1]! + 12];
      for (let step = 0; step < 16; step++) hit(step, 0.2 * beat, up[step % up.length]!, level * (step % 4 === 0 ? 1 : 0.7));
      break;
    }
    case 'pulse8':
      for (let step = 0; step < 16; step += 2) chord(step, 1.6, level * (step % 4 === 0 ? 1 : 0.7));
      break;
    case 'sustain':
      chord(0, 16, level);
      break;
  }
}

function addBassBar(
  notes: Note[], pattern: BassPattern, style: MoodStyle, rootPc: number, nextRootPc: number,
  bar: number, at: At, beat: number, random: () => number, swell: number, scale: number[], tonic: number,
): void {
  const low = bassNote(rootPc);
  const fifth = low + 7;
  const part: Part = { kind: 'bass', synth: !!style.bass.synth };
  const play = (step: number, length: number, midi: number, accent = 1) =>
    notes.push({ part, start: at(bar, step), held: length * beat * 0.25 * 0.9, midi, gain: style.bass.level * swell * accent * (0.92 + random() * 0.16), pan: 0 });
  switch (pattern) {
    case 'rootFifth':
      play(0, 6, low); play(6, 2, low, 0.8); play(8, 4, fifth, 0.9); play(12, 4, low + 12, 0.8);
      break;
    case 'walking': { // root, a scale step, the fifth, a half step into the next bar's root
      const next = bassNote(nextRootPc);
      const step2 = low + (scale.includes((rootPc - tonic + 14) % 12) ? 2 : 1);
      const approach = next > low + 7 ? next - 1 : next + 1;
      play(0, 4, low); play(4, 4, step2, 0.85); play(8, 4, fifth, 0.9); play(12, 4, approach, 0.85);
      break;
    }
    case 'quarters':
      play(0, 4, low); play(4, 4, low, 0.8); play(8, 4, fifth, 0.9); play(12, 4, low, 0.8);
      break;
    case 'offbeat':
      for (let step = 2; step < 16; step += 4) play(step, 2, step === 10 ? low + 12 : low, step === 2 ? 1 : 0.85);
      break;
    case 'halves':
      play(0, 8, low); play(8, 8, fifth, 0.85);
      break;
    case 'eighths':
      for (let step = 0; step < 16; step += 2) play(step, 1.8, low, step % 8 === 0 ? 1 : 0.75);
      break;
  }
}

function addGrooveBar(notes: Note[], groove: Groove, style: MoodStyle, bar: number, at: At, vary: () => number, fill: boolean): void {
  const PANS: Partial<Record<DrumName, number>> = { hat: 0.35, openHat: 0.35, shaker: -0.35, woodBlock: 0.45, snare: -0.05, brush: -0.05, clap: 0 };
  for (const [drum, line] of Object.entries(groove) as [DrumName, string][]) {
    for (let step = 0; step < 16; step++) {
      if (fill && step >= 12 && drum !== 'kick' && drum !== 'bigDrum') continue; // the fill takes the last beat
      const c = line[step];
      if (c !== 'x' && c !== 'o') continue;
      notes.push({ part: { kind: 'drum', drum }, start: at(bar, step), held: 0, midi: 0, gain: style.drums * (c === 'x' ? 1 : 0.5) * vary(), pan: PANS[drum] ?? 0 });
    }
  }
  if (fill) {
    const drum: DrumName | 'tom' = style.grooves[0]!.bigDrum ? 'bigDrum' : groove.brush ? 'brush' : 'tom';
    [12, 13, 14, 15].forEach((step, i) => notes.push({
      part: { kind: 'drum', drum }, start: at(bar, step), held: 0, midi: 48 - i * 3, gain: style.drums * (0.6 + i * 0.12), pan: 0.3 - i * 0.2,
    }));
  }
}

interface Motif {
  /** Rhythms as [16th step, length in 16ths]. */
  call: [number, number][];
  answer: [number, number][];
  cadence: [number, number][];
  /** Moves along the scale from one note to the next. */
  contour: number[];
}

function makeMotif(style: MoodStyle, random: () => number): Motif {
  const grid = style.melody.sixteenths ? 1 : 2;
  const rhythm = (density: number): [number, number][] => {
    const onsets: number[] = [];
    for (let step = 0; step < 16; step += grid) {
      const weight = step === 0 ? 0.9 : step % 4 === 0 ? density + 0.2 : step % 2 === 0 ? density : density * 0.5;
      if (random() < weight) onsets.push(step);
    }
    if (onsets.length < 2) onsets.splice(0, onsets.length, 0, 8);
    return onsets.map((step, i) => [step, Math.min(8, (onsets[i + 1] ?? 16) - step)]);
  };
  const contour = Array.from({ length: 8 }, () => [-2, -1, -1, 1, 1, 2, 0, 3, -3][Math.floor(random() * 9)]!);
  const cadence: [number, number][] = random() < 0.5 ? [[0, 4], [4, 12]] : [[0, 2], [2, 2], [4, 12]];
  return { call: rhythm(style.melody.density), answer: rhythm(style.melody.density * 1.2), cadence, contour };
}

/** Every pitch the melody may use, low to high, across its range. */
function melodyLadder(style: MoodStyle, scale: number[], tonic: number): number[] {
  const allowed = (style.melodyScale ?? scale).map((s) => (tonic + s) % 12);
  const ladder: number[] = [];
  for (let midi = 66; midi <= 88; midi++) if (allowed.includes(midi % 12)) ladder.push(midi);
  return ladder;
}

function clampIndex(i: number, ladder: number[]): number {
  // Reflect off the ends rather than stick to them.
  if (i < 0) return Math.min(ladder.length - 1, -i);
  if (i >= ladder.length) return Math.max(0, 2 * (ladder.length - 1) - i);
  return i;
}

function nearestChordTone(ladder: number[], position: number, pcs: number[]): number {
  for (let d = 0; d < ladder.length; d++) {
    for (const i of [position - d, position + d]) if (i >= 0 && i < ladder.length && pcs.includes(ladder[i]! % 12)) return i;
  }
  return position;
}
