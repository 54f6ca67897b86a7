// The engine's own music, listened to by measuring: each mood's track as written for the mix
// (a WAV) is decoded by the shipped ffmpeg and checked for what makes music music — chords that
// change as the plan says, onsets on the beat, a level that moves with them — and for what the
// mix needs: loudness at the default volume, no clipping, the same track for the same seed and a
// different one for another seed or mood.
import type { MusicMood } from '@app/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MUSIC_MOODS, MUSIC_VOLUME_DEFAULT } from '../../contract/src/limits';
import { chooseMusic, generateMusic, moodOf, MOODS, MUSIC_VOLUME_DEFAULT as ENGINE_DEFAULT, planMusic } from '../src/music/index.js';
import { writeWav } from '../src/music/master.js';
import { MAJOR, MINOR } from '../src/music/moods.js';
import { chroma, decode, loudness, octaveProfile, onsetsAt, peakDb, rmsWindows } from './helpers/audio.js';

const SECONDS = 20;
const SEED = '旅行日记';

interface Heard {
  mood: MusicMood;
  plan: ReturnType<typeof planMusic>;
  file: string;
  mono: Float32Array;
  channels: [Float32Array, Float32Array];
}

let dir: string;
const heard = new Map<MusicMood, Heard>();

async function listen(mood: MusicMood, seed: string, seconds: number, name: string): Promise<Heard> {
  const music = generateMusic(mood, seed, seconds);
  const file = path.join(dir, `${name}.wav`);
  await writeWav(file, music.left, music.right);
  return { mood, plan: music.plan, file, mono: await decode(file), channels: [await decode(file, 0), await decode(file, 1)] };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'engine-music-'));
  for (const mood of MOODS) heard.set(mood, await listen(mood, SEED, SECONDS, mood));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const beatOf = (h: Heard) => 60 / h.plan.bpm;
/** From the first bar with drums to the final chord. */
const body = (h: Heard) => ({ from: h.plan.intro ? 4 * beatOf(h) : 0, to: h.plan.endAt });

test('the engine knows the contract\'s moods and default volume', () => {
  expect([...MOODS]).toEqual([...MUSIC_MOODS]);
  expect(ENGINE_DEFAULT).toBe(MUSIC_VOLUME_DEFAULT);
});

describe.each(MUSIC_MOODS.map((mood) => ({ mood })))('$mood', ({ mood }) => {
  it('plays the planned chords: in most bars the three strongest pitch classes hold two of the chord\'s', () => {
    const h = heard.get(mood)!;
    const scale = h.plan.scale === 'major' ? MAJOR : MINOR;
    const bar = 4 * beatOf(h);
    const matching = h.plan.chords.filter((degree, i) => {
      const tones = [0, 2, 4].map((s) => (h.plan.tonic + scale[(degree + s) % 7]!) % 12);
      const top = chroma(h.mono, i * bar, (i + 1) * bar).map((e, pc) => ({ e, pc })).sort((a, b) => b.e - a.e).slice(0, 3);
      return top.filter(({ pc }) => tones.includes(pc)).length >= 2;
    });
    expect(matching.length / h.plan.chords.length).toBeGreaterThanOrEqual(0.75);
    // And the chords do change: a progression, not one chord held.
    expect(new Set(h.plan.chords).size).toBeGreaterThanOrEqual(2);
  });

  it('has its onsets on the beat, several times stronger there than on average', () => {
    const h = heard.get(mood)!;
    const { from, to } = body(h);
    const beats = Array.from({ length: Math.ceil((to - from) / beatOf(h)) }, (_, i) => from + i * beatOf(h));
    const { at, overall } = onsetsAt(h.mono, beats, from, to);
    expect(at / overall).toBeGreaterThan(3);
  });

  it('is not a steady tone: the level moves with the notes, 50 ms at a time', () => {
    const h = heard.get(mood)!;
    const { from, to } = body(h);
    const levels = rmsWindows(h.mono.subarray(Math.round(from * 44100), Math.round(to * 44100)), 0.05);
    const mean = levels.reduce((a, b) => a + b, 0) / levels.length;
    const spread = Math.sqrt(levels.reduce((a, b) => a + (b - mean) ** 2, 0) / levels.length);
    expect(spread).toBeGreaterThan(1.5); // dB; a steady tone measures ~0
  });

  it('sits at −18 to −14 LUFS at the default music volume, and never clips', async () => {
    const h = heard.get(mood)!;
    const { integrated } = await loudness(h.file, MUSIC_VOLUME_DEFAULT);
    expect(integrated).toBeGreaterThanOrEqual(-18);
    expect(integrated).toBeLessThanOrEqual(-14);
    for (const channel of h.channels) expect(peakDb(channel)).toBeLessThan(-1);
  });

  it('ends on the tonic chord, left to ring and die away', () => {
    const h = heard.get(mood)!;
    const after = chroma(h.mono, h.plan.endAt + 0.05, h.plan.endAt + 1);
    const strongest = after.indexOf(Math.max(...after));
    const scale = h.plan.scale === 'major' ? MAJOR : MINOR;
    expect([0, 2, 4].map((s) => (h.plan.tonic + scale[s]!) % 12)).toContain(strongest);
    const levels = rmsWindows(h.mono.subarray(Math.round(h.plan.endAt * 44100)), 0.25);
    expect(levels.at(-1)!).toBeLessThan(levels[0]! - 6);
  });
});

test('the six moods sound different: tone colour or tempo tell each pair apart', () => {
  const prints = MOODS.map((mood) => {
    const h = heard.get(mood)!;
    const { from, to } = body(h);
    return { mood, bpm: h.plan.bpm, profile: octaveProfile(h.mono, from, to) };
  });
  for (const [i, a] of prints.entries()) {
    for (const b of prints.slice(i + 1)) {
      const colour = Math.sqrt(a.profile.reduce((sum, x, k) => sum + (x - b.profile[k]!) ** 2, 0));
      const tempo = Math.abs(a.bpm - b.bpm) / a.bpm;
      expect({ pair: `${a.mood}/${b.mood}`, apart: colour >= 0.03 || tempo >= 0.04 }).toEqual({ pair: `${a.mood}/${b.mood}`, apart: true });
    }
  }
});

test('a seed always makes the same track; another seed of the mood another tune', async () => {
  const again = generateMusic('travel', SEED, 8);
  const once = generateMusic('travel', SEED, 8);
  expect(Buffer.from(again.left.buffer).equals(Buffer.from(once.left.buffer))).toBe(true);

  const other = await listen('travel', '品牌故事', SECONDS, 'travel-other');
  const mine = heard.get('travel')!;
  const bar = 4 * beatOf(mine);
  // Bar by bar, the pitch classes heard differ clearly (another key, progression or melody).
  let distance = 0;
  const bars = Math.min(mine.plan.bars, other.plan.bars);
  for (let i = 0; i < bars; i++) {
    const a = chroma(mine.mono, i * bar, (i + 1) * bar);
    const b = chroma(other.mono, i * (4 * beatOf(other)), (i + 1) * (4 * beatOf(other)));
    distance += Math.sqrt(a.reduce((sum, x, k) => sum + (x - b[k]!) ** 2, 0)) / bars;
  }
  expect(distance).toBeGreaterThan(0.1);
});

test('every length from 5 to 60 s: whole bars, then the final chord with time to ring', () => {
  for (const mood of MOODS) {
    for (let seconds = 5; seconds <= 60; seconds++) {
      const plan = planMusic(mood, SEED, seconds);
      expect(plan.bars).toBeGreaterThanOrEqual(1);
      expect(plan.endAt).toBeLessThanOrEqual(seconds - 1.2);
      expect(plan.chords.length).toBe(plan.bars);
    }
  }
});

test('a 60 s track is made in a few seconds at most', () => {
  // Not a timing assertion on a shared machine's speed: the bound is generous, and the bench
  // reports the real figure beside a render's.
  const started = process.cpuUsage();
  const music = generateMusic('tech', SEED, 60);
  const cpu = process.cpuUsage(started);
  expect(music.left.length).toBe(60 * 44100);
  expect((cpu.user + cpu.system) / 1e6).toBeLessThan(20);
});

describe('which music a render gets', () => {
  const task = { id: 'task-9', title: 't', prompt: 'p', images: [], aspectRatio: '9:16' as const, duration: 5, workDir: '/tmp/x' };

  it('is made for the template\'s mood, seeded by its title, when the task names none', () => {
    expect(chooseMusic({ ...task, template: { title: '新春祝福', style: '喜庆' } })).toEqual({ kind: 'generated', mood: 'festival', seed: '新春祝福' });
    expect(chooseMusic(task)).toEqual({ kind: 'generated', mood: moodOf(undefined), seed: 'task-9' });
  });

  it('maps the seeded templates\' styles, English style names and params.mood to moods', () => {
    const styles: [string, MusicMood][] = [['清新', 'travel'], ['温馨', 'food'], ['喜庆', 'festival'], ['科技感', 'tech'], ['童趣', 'family'], ['简约', 'business'], ['Playful', 'family'], ['minimal', 'business']];
    for (const [style, mood] of styles) expect(moodOf({ style })).toBe(mood);
    expect(moodOf({ style: '清新', params: { mood: 'tech' } })).toBe('tech');
    expect(moodOf({ style: '清新', params: { mood: 'jazz' } })).toBe('travel');
    expect(MOODS).toContain(moodOf({ style: '未知风格' }));
  });

  it('follows the task: a file, a mood and seed, none, or none when the music volume is 0', () => {
    expect(chooseMusic({ ...task, music: { file: '/m/a.mp3' } })).toEqual({ kind: 'file', file: '/m/a.mp3' });
    expect(chooseMusic({ ...task, music: { mood: 'food', seed: 's' } })).toEqual({ kind: 'generated', mood: 'food', seed: 's' });
    expect(chooseMusic({ ...task, music: null })).toBeNull();
    expect(chooseMusic({ ...task, musicVolume: 0 })).toBeNull();
  });
});
