// The engine's own music: a score for the mood and seed (compose.ts) played by the synthesized
// instruments (synth.ts) into a stereo bus with a little room, brought to a set loudness and
// limited (master.ts). Deterministic: the same mood, seed and length give the same samples.
import type { MusicMood } from '@app/contract';
import { hashString, seededRandom } from '../motion.js';
import { composeMusic, type MusicPlan, type Note, type Part } from './compose.js';
import { integratedLoudness, limit, writeWav } from './master.js';
import { MOOD_STYLES } from './moods.js';
import {
  addReverb, bass, blown, clap, crash, createBus, electricPiano, gong, hat, kick, mallet, midiHz, musicBox, piano, place, pluck,
  shaker, snare, synth, tom, woodBlock,
} from './synth.js';

/**
 * Loudness of the music as written, in LUFS. The mix plays it at the music volume (default 0.6,
 * −4.4 dB), which puts it at about −16.5 LUFS alone: clearly heard, under a voice at −16 to −14.
 */
export const MUSIC_LOUDNESS = -12;
/** The limiter's ceiling, −2 dBFS: room for the peaks between samples and the AAC encoder's overshoot. */
const CEILING = 10 ** (-2 / 20);

export interface Music {
  plan: MusicPlan;
  left: Float32Array;
  right: Float32Array;
}

export function generateMusic(mood: MusicMood, seed: string, duration: number): Music {
  const { plan, notes } = composeMusic(mood, seed, duration);
  const bus = createBus(duration);
  const random = seededRandom(hashString(`sound\u0000${mood}\u0000${seed}`));
  // A bar's chord is played many times over: a note's sound is made once and placed again.
  const made = new Map<string, Float32Array>();
  for (const note of notes) {
    const key = `${partKey(note.part)}|${note.midi}|${note.held.toFixed(3)}`;
    let sound = made.get(key);
    if (!sound) {
      sound = sing(note, random);
      made.set(key, sound);
    }
    place(bus, sound, note.start, note.gain, note.pan, sendOf(note.part));
  }
  addReverb(bus, MOOD_STYLES[mood].reverb);
  const loudness = integratedLoudness(bus.left, bus.right);
  const gain = Number.isFinite(loudness) ? 10 ** ((MUSIC_LOUDNESS - loudness) / 20) : 1;
  for (let n = 0; n < bus.left.length; n++) {
    bus.left[n]! *= gain;
    bus.right[n]! *= gain;
  }
  limit(bus.left, bus.right, CEILING);
  return { plan, left: bus.left, right: bus.right };
}

/** Makes the music and writes it as a WAV for the mix; resolves with its plan. */
export async function writeMusic(file: string, mood: MusicMood, seed: string, duration: number): Promise<MusicPlan> {
  const music = generateMusic(mood, seed, duration);
  await writeWav(file, music.left, music.right);
  return music.plan;
}

const partKey = (part: Part) => ('instrument' in part ? `${part.kind}:${part.instrument}` : 'drum' in part ? `drum:${part.drum}` : part.kind);

/** How much of a part goes to the reverb: melody and chords sit in the room, bass and kick stay dry. */
function sendOf(part: Part): number {
  if (part.kind === 'melody') return 0.5;
  if (part.kind === 'chord' || part.kind === 'pad') return 0.35;
  if (part.kind === 'drum') return part.drum === 'snare' || part.drum === 'clap' || part.drum === 'gong' ? 0.3 : 0.08;
  return 0;
}

function sing(note: Note, random: () => number): Float32Array {
  const { part, held } = note;
  const f = midiHz(note.midi);
  switch (part.kind) {
    case 'pad':
      return synth(f, held, { cutoff: [1100, 1100], sweep: 1, attack: 0.4, release: 0.6, detune: 0.004, resonance: 0.8 });
    case 'bass':
      return part.synth
        ? synth(f, held, { cutoff: [1400, 380], sweep: 0.07, attack: 0.003, release: 0.05, resonance: 0.5 })
        : bass(f, held);
    case 'chord':
      switch (part.instrument) {
        case 'pluck': return pluck(f, held, random, 0.5, 0.996);
        case 'zheng': return pluck(f, held, random, 0.85, 0.998);
        case 'piano': return piano(f, held);
        case 'electricPiano': return electricPiano(f, held);
        case 'synth': return synth(f, held, { cutoff: [4200, 900], sweep: 0.09, attack: 0.002, release: 0.06, resonance: 0.35 });
      }
      break;
    case 'melody':
      switch (part.instrument) {
        case 'flute': return blown(f, held, [1, 0.22, 0.08, 0.04], random, 0.03, 0.006);
        case 'dizi': return blown(f, held, [1, 0.55, 0.32, 0.18, 0.1, 0.05], random, 0.07, 0.012);
        case 'mallet': return mallet(f, held);
        case 'musicBox': return musicBox(f, held);
        case 'bell': return electricPiano(f, held);
        case 'synthLead': return synth(f, held, { cutoff: [3000, 1600], sweep: 0.25, attack: 0.01, release: 0.15, detune: 0.005, resonance: 0.5 });
      }
      break;
    case 'drum':
      switch (part.drum) {
        case 'kick': return kick(random);
        case 'snare': return snare(random);
        case 'brush': return snare(random, true);
        case 'clap': return clap(random);
        case 'hat': return hat(random);
        case 'openHat': return hat(random, true);
        case 'shaker': return shaker(random);
        case 'bigDrum': return tom(random, note.midi ? midiHz(note.midi) * 0.7 : 70, 0.3);
        case 'woodBlock': return woodBlock();
        case 'tom': return tom(random, midiHz(note.midi || 45), 0.2);
        case 'crash': return crash(random);
        case 'gong': return gong(180, 1.5);
      }
  }
  throw new Error(`no sound for ${partKey(part)}`);
}
