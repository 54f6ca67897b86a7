// The sound of real renders, decoded back from the MP4 by the shipped ffmpeg: the template's
// music faded in and out, a track of the user's (WAV, MP3, M4A) looped to fit, silence when
// there is no music, and a narration that the music ducks under — measured against the same
// render without the narration, window by window. Every video stays exactly its length.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { builtinProvider, ffmpegPath, type RenderTask } from '../src/index.js';
import { narrationStart } from '../src/narration-timing.js';
import { planTimeline } from '../src/timeline.js';
import { decode, loudness, peakDb, rmsDb, toneLevel, dB } from './helpers/audio.js';
import { probe } from './helpers/probe.js';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'engine-audio-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const task = (overrides: Partial<RenderTask>): RenderTask => ({
  id: 'audio',
  title: '周末去海边',
  prompt: '阳光正好，我们去海边散步。海浪一层层涌来！',
  images: [],
  aspectRatio: '16:9',
  duration: 6,
  template: { title: '旅行日记', style: '清新' },
  workDir: dir,
  ...overrides,
});

const render = (t: RenderTask) => builtinProvider.render(t, () => undefined, new AbortController().signal);

async function expectExactLength(video: string, seconds: number): Promise<void> {
  const info = await probe(video);
  expect(info.video.frames).toBe(seconds * 30);
  expect(info.audio?.codec).toBe('aac');
  expect(Math.abs((info.audio?.duration ?? 0) - seconds)).toBeLessThanOrEqual(0.05);
}

describe('the template\'s own music', () => {
  let pcm: Float32Array;
  let video: string;
  beforeAll(async () => {
    ({ video } = await render(task({ id: 'default-music', duration: 8 })));
    pcm = await decode(video);
  });

  it('is there for the whole video, exactly as long', () => expectExactLength(video, 8));

  it('fades in over the first second and out over the last ones', () => {
    const body = rmsDb(pcm, 3, 5);
    expect(rmsDb(pcm, 0, 0.1)).toBeLessThan(body - 15);
    expect(rmsDb(pcm, 0.1, 0.5)).toBeLessThan(rmsDb(pcm, 0.6, 1.0));
    expect(rmsDb(pcm, 7.85, 8)).toBeLessThan(body - 15);
    expect(rmsDb(pcm, 7.4, 7.8)).toBeLessThan(rmsDb(pcm, 6.2, 6.6));
  });

  it('is heard at a listening level, without clipping', async () => {
    const { integrated } = await loudness(video);
    expect(integrated).toBeGreaterThanOrEqual(-20); // the fades take a little off the −18 to −14 of the body
    expect(integrated).toBeLessThanOrEqual(-14);
    expect(peakDb(await decode(video, 0))).toBeLessThan(0);
  });
});

describe.each(['wav', 'mp3', 'm4a'])('a %s track of the user\'s, shorter than the video', (ext) => {
  let pcm: Float32Array;
  let video: string;
  beforeAll(async () => {
    // 2 s: a 1 kHz mark for 0.3 s, then 330 Hz. Looped in a 6 s video, the mark comes at 2 s and 4 s.
    const track = path.join(dir, `track.${ext}`);
    await run(ffmpegPath, [
      '-v', 'error', '-y', '-f', 'lavfi',
      '-i', 'aevalsrc=0.4*if(lt(t\\,0.3)\\,sin(2*PI*1000*t)\\,sin(2*PI*330*t)):s=44100:d=2',
      ...(ext === 'm4a' ? ['-c:a', 'aac'] : []), track,
    ]);
    ({ video } = await render(task({ id: `file-${ext}`, music: { file: track } })));
    pcm = await decode(video);
  });

  it('is looped to fill the video, which keeps its exact length', async () => {
    await expectExactLength(video, 6);
    for (const mark of [2, 4]) {
      expect(dB(toneLevel(pcm, 1000, mark + 0.05, mark + 0.25))).toBeGreaterThan(dB(toneLevel(pcm, 1000, mark + 0.6, mark + 0.8)) + 20);
    }
    expect(dB(toneLevel(pcm, 330, 4.5, 4.9))).toBeGreaterThan(-30);
  });

  it('fades in and out like the engine\'s own music', () => {
    expect(rmsDb(pcm, 0, 0.1)).toBeLessThan(rmsDb(pcm, 1.2, 1.8) - 12);
    expect(rmsDb(pcm, 5.9, 6)).toBeLessThan(rmsDb(pcm, 3.2, 3.8) - 12);
  });
});

test('no music and no narration: a silent audio stream, so players behave', async () => {
  const { video } = await render(task({ id: 'silent', duration: 5, music: null }));
  await expectExactLength(video, 5);
  expect(peakDb(await decode(video))).toBeLessThan(-80);
});

describe('a narration with the music', () => {
  // Two "sentences" of a syllable-like 1234 Hz voice at about −20 dBFS, with a pause between.
  const sentences = [{ text: '阳光正好，我们去海边散步。', start: 0.3, end: 2.8 }, { text: '海浪一层层涌来！', start: 4.6, end: 6.8 }];
  const duration = 10;
  const start = narrationStart(planTimeline(duration, true, 0));
  const spoken = sentences.map((s) => [start + s.start + 0.4, start + s.end - 0.1] as const);
  const gaps = [[start + sentences[0]!.end + 0.8, start + sentences[1]!.start - 0.05] as const];
  let plain: Float32Array;
  let ducked: Float32Array;
  let voiced: Float32Array;
  let voicedVideo: string;

  beforeAll(async () => {
    const file = path.join(dir, 'narration.wav');
    const gate = sentences.map((s) => `between(t\\,${s.start}\\,${s.end})`).join('+');
    await run(ffmpegPath, [
      '-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=0.2*sin(2*PI*1234*t)*(0.6+0.4*sin(2*PI*5*t))*(${gate}):s=44100:d=7.5`, file,
    ]);
    const narration = { file, sentences };
    plain = await decode((await render(task({ id: 'plain', duration }))).video);
    // The voice barely in the mix: what is left is the music, as the voice ducked it.
    ducked = await decode((await render(task({ id: 'ducked', duration, narration, voiceVolume: 0.01 }))).video);
    voicedVideo = (await render(task({ id: 'voiced', duration, narration }))).video;
    voiced = await decode(voicedVideo);
  });

  it('ducks the music at least 8 dB while a sentence is spoken, and lets it back in the pause', () => {
    for (const [from, to] of spoken) expect(rmsDb(ducked, from, to)).toBeLessThan(rmsDb(plain, from, to) - 8);
    for (const [from, to] of gaps) expect(rmsDb(ducked, from, to)).toBeGreaterThan(rmsDb(plain, from, to) - 3);
    // Before the narration starts, the music is untouched.
    expect(Math.abs(rmsDb(ducked, 1, start) - rmsDb(plain, 1, start))).toBeLessThan(1);
  });

  it('places the voice where narrationStart says, and it is heard over the music', () => {
    const voice = (from: number, to: number) => dB(toneLevel(voiced, 1234, from, to));
    for (const [from, to] of spoken) expect(voice(from, to)).toBeGreaterThan(-30);
    for (const [from, to] of gaps) expect(voice(from, to)).toBeLessThan(voice(spoken[0]![0], spoken[0]![1]) - 20);
    // Its first syllable starts with the sentence, not before.
    expect(voice(start + 0.3, start + 0.5)).toBeGreaterThan(voice(start, start + 0.25) + 20);
  });

  it('keeps the video its length, and the voice with the music under full scale', async () => {
    await expectExactLength(voicedVideo, duration);
    expect(peakDb(await decode(voicedVideo, 0))).toBeLessThan(0);
    expect(peakDb(await decode(voicedVideo, 1))).toBeLessThan(0);
  });
});

describe('music a render cannot use', () => {
  it('is refused before any work when the task breaks the contract', async () => {
    await expect(render(task({ music: { file: 'relative.mp3' } }))).rejects.toThrow(/music\.file must be an absolute path/);
    await expect(render(task({ musicVolume: 1.5 }))).rejects.toThrow(/musicVolume must be from 0 to 1/);
    await expect(render(task({ voiceVolume: -1 }))).rejects.toThrow(/voiceVolume/);
    await expect(render(task({ music: { mood: 'jazz' as 'tech', seed: 'x' } }))).rejects.toThrow(/music\.mood/);
    await expect(render(task({ narration: { file: 'n.wav', sentences: [] } }))).rejects.toThrow(/narration\.file/);
  });

  it('fails the render, leaving no partial file, when the track is not audio', async () => {
    const fake = path.join(dir, 'fake.mp3');
    await writeFile(fake, 'this is not an mp3');
    await expect(render(task({ id: 'fake', music: { file: fake } }))).rejects.toThrow(/ffmpeg failed/);
  });
});
