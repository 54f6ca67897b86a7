// Listening by measuring: a file's sound decoded by the shipped ffmpeg to 44.1 kHz samples, its
// loudness as ffmpeg's ebur128 reports it, and a few measures on the samples: level per window,
// energy at a frequency (Goertzel), pitch-class energy (chroma) and the beat's period.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '../../src/ffmpeg-encoder.js';

export const RATE = 44100;
const run = promisify(execFile);

/** The sound of `file` (mono mix, or one channel) as float samples. */
export async function decode(file: string, channel?: 0 | 1): Promise<Float32Array> {
  const { stdout } = await run(ffmpegPath, [
    '-v', 'error', '-i', file, '-vn',
    ...(channel === undefined ? ['-ac', '1'] : ['-af', `pan=mono|c0=c${channel}`]),
    '-ar', String(RATE), '-f', 'f32le', 'pipe:1',
  ], { encoding: 'buffer', maxBuffer: 1 << 30 });
  const bytes = Buffer.from(stdout);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
}

/** Integrated loudness (LUFS) and true peak (dBTP) by ffmpeg's ebur128, after an optional gain. */
export async function loudness(file: string, volume = 1): Promise<{ integrated: number; truePeak: number }> {
  const { stderr } = await run(ffmpegPath, [
    '-hide_banner', '-nostats', '-i', file, '-vn', '-af', `volume=${volume},ebur128=peak=true`, '-f', 'null', '-',
  ], { maxBuffer: 1 << 28 });
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]);
  return { integrated, truePeak };
}

export const dB = (x: number) => 20 * Math.log10(Math.max(x, 1e-10));

/** RMS in dBFS of samples from `from` to `to` seconds. */
export function rmsDb(pcm: Float32Array, from: number, to: number): number {
  const a = Math.max(0, Math.round(from * RATE));
  const b = Math.min(pcm.length, Math.round(to * RATE));
  let sum = 0;
  for (let n = a; n < b; n++) sum += pcm[n]! ** 2;
  return dB(Math.sqrt(sum / Math.max(1, b - a)));
}

/** RMS in dBFS over consecutive windows of `seconds`. */
export function rmsWindows(pcm: Float32Array, seconds: number): number[] {
  const out: number[] = [];
  for (let t = 0; (t + seconds) * RATE <= pcm.length; t += seconds) out.push(rmsDb(pcm, t, t + seconds));
  return out;
}

export function peakDb(pcm: Float32Array): number {
  let peak = 0;
  for (const x of pcm) peak = Math.max(peak, Math.abs(x));
  return dB(peak);
}

/** Energy (as an RMS-like amplitude) at `freq` Hz between two times: the Goertzel algorithm. */
export function toneLevel(pcm: Float32Array, freq: number, from: number, to: number): number {
  const a = Math.round(from * RATE);
  const b = Math.min(pcm.length, Math.round(to * RATE));
  const coeff = 2 * Math.cos((2 * Math.PI * freq) / RATE);
  let s1 = 0;
  let s2 = 0;
  for (let n = a; n < b; n++) {
    const s = pcm[n]! + coeff * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  return Math.sqrt(power) / Math.max(1, b - a);
}

/** Energy of each pitch class (0 = C) from C3 to B5 between two times, normalised to sum 1. */
export function chroma(pcm: Float32Array, from: number, to: number): number[] {
  const energy = Array.from({ length: 12 }, () => 0);
  for (let midi = 48; midi < 84; midi++) energy[midi % 12]! += toneLevel(pcm, 440 * 2 ** ((midi - 69) / 12), from, to) ** 2;
  const total = energy.reduce((x, y) => x + y, 0);
  return energy.map((e) => e / total);
}

/**
 * The beat's period in seconds, from the onsets: the rise of the level (10 ms frames) auto-
 * correlated over lags of 0.3–1.2 s, the lag where it repeats best.
 */
export function beatPeriod(pcm: Float32Array, from: number, to: number): number {
  const hop = 0.01;
  const level: number[] = [];
  for (let t = from; t + hop <= to; t += hop) level.push(rmsDb(pcm, t, t + hop));
  const onset = level.map((l, i) => Math.max(0, l - (level[i - 1] ?? l)));
  const mean = onset.reduce((a, b) => a + b, 0) / onset.length;
  const centred = onset.map((x) => x - mean);
  let best = { lag: 0, score: -Infinity };
  for (let lag = 30; lag <= 120; lag++) {
    let score = 0;
    for (let i = 0; i + lag < centred.length; i++) score += centred[i]! * centred[i + lag]!;
    score /= centred.length - lag;
    if (score > best.score) best = { lag, score };
  }
  return best.lag * hop;
}

/** Share of the energy in each octave band (centres 63 Hz … 8 kHz) between two times: the track's tone colour. */
export function octaveProfile(pcm: Float32Array, from: number, to: number): number[] {
  const a = Math.round(from * RATE);
  const b = Math.min(pcm.length, Math.round(to * RATE));
  const energies = [63, 125, 250, 500, 1000, 2000, 4000, 8000].map((centre) => {
    // An RBJ band-pass one octave wide.
    const w = (2 * Math.PI * centre) / RATE;
    const alpha = Math.sin(w) * Math.sinh((Math.LN2 / 2) * 1 * (w / Math.sin(w)));
    const a0 = 1 + alpha;
    const [b0, b2, a1, a2] = [alpha / a0, -alpha / a0, (-2 * Math.cos(w)) / a0, (1 - alpha) / a0];
    let x1 = 0, x2 = 0, y1 = 0, y2 = 0, sum = 0;
    for (let n = a; n < b; n++) {
      const x = pcm[n]!;
      const y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2;
      x2 = x1; x1 = x; y2 = y1; y1 = y;
      sum += y * y;
    }
    return sum;
  });
  const total = energies.reduce((x, y) => x + y, 0);
  return energies.map((e) => e / total);
}

/** Mean onset strength (rise of the 10 ms level, dB) within ±20 ms of each of `times`, and over everything. */
export function onsetsAt(pcm: Float32Array, times: number[], from: number, to: number): { at: number; overall: number } {
  const hop = 0.01;
  const level: number[] = [];
  for (let t = from; t + hop <= to; t += hop) level.push(rmsDb(pcm, t, t + hop));
  const onset = level.map((l, i) => Math.max(0, l - (level[i - 1] ?? l)));
  const overall = onset.reduce((x, y) => x + y, 0) / onset.length;
  const near = times.filter((t) => t >= from + 0.03 && t <= to - 0.03).map((t) => {
    const i = Math.round((t - from) / hop);
    return Math.max(onset[i - 2] ?? 0, onset[i - 1] ?? 0, onset[i] ?? 0, onset[i + 1] ?? 0, onset[i + 2] ?? 0);
  });
  return { at: near.reduce((x, y) => x + y, 0) / Math.max(1, near.length), overall };
}
