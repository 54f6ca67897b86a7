// The last steps of the engine's music: its loudness set (ITU-R BS.1770, the measure ffmpeg's
// ebur128 reports), a look-ahead peak limiter so no sample clips, and a 16-bit WAV for ffmpeg.
import { writeFile } from 'node:fs/promises';
import { SAMPLE_RATE } from './synth.js';

/** Integrated loudness in LUFS of a stereo signal: K-weighted, 400 ms blocks, gated at −70 LUFS absolute and −10 LU relative. */
export function integratedLoudness(left: Float32Array, right: Float32Array): number {
  // Sums of K-weighted squares per 100 ms, filtered as they go (no weighted copy is kept); a
  // 400 ms block (hopped by 100 ms, 75 % overlap) is four of them.
  const hop = Math.round(0.1 * SAMPLE_RATE);
  const hops = Math.floor(left.length / hop);
  const sums = new Float64Array(hops);
  for (const channel of [left, right]) {
    const weigh = kWeighting();
    for (let h = 0; h < hops; h++) {
      let sum = 0;
      for (let n = h * hop; n < (h + 1) * hop; n++) {
        const y = weigh(channel[n]!);
        sum += y * y;
      }
      sums[h]! += sum;
    }
  }
  const powers: number[] = [];
  for (let h = 0; h + 4 <= hops; h++) powers.push((sums[h]! + sums[h + 1]! + sums[h + 2]! + sums[h + 3]!) / (4 * hop));
  const lufs = (power: number) => -0.691 + 10 * Math.log10(power);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const absolute = powers.filter((p) => lufs(p) > -70);
  if (!absolute.length) return -Infinity;
  const threshold = lufs(mean(absolute)) - 10;
  return lufs(mean(absolute.filter((p) => lufs(p) > threshold)));
}

/** The K-weighting filter, sample by sample: BS.1770's high shelf then high-pass, designed for SAMPLE_RATE as libebur128 does. */
function kWeighting(): (x: number) => number {
  const shelf = (() => {
    const K = Math.tan((Math.PI * 1681.974450955533) / SAMPLE_RATE);
    const Q = 0.7071752369554196;
    const Vh = 10 ** (3.999843853973347 / 20);
    const Vb = Vh ** 0.4996667741545416;
    const a0 = 1 + K / Q + K * K;
    return biquad((Vh + (Vb * K) / Q + K * K) / a0, (2 * (K * K - Vh)) / a0, (Vh - (Vb * K) / Q + K * K) / a0, (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0);
  })();
  const highPass = (() => {
    const K = Math.tan((Math.PI * 38.13547087602444) / SAMPLE_RATE);
    const Q = 0.5003270373238773;
    const a0 = 1 + K / Q + K * K;
    return biquad(1, -2, 1, (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0);
  })();
  return (x) => highPass(shelf(x));
}

function biquad(b0: number, b1: number, b2: number, a1: number, a2: number): (x: number) => number {
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  return (x) => {
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1; x1 = x; y2 = y1; y1 = y;
    return y;
  };
}

/**
 * Keeps both channels' peaks at or under `ceiling`: the gain each sample needs is held over the
 * next `lookahead` seconds (so it has fallen before the peak arrives), averaged over the same span
 * (so it falls smoothly, without a click) and recovers with `release`.
 */
export function limit(left: Float32Array, right: Float32Array, ceiling: number, lookahead = 0.005, release = 0.12): void {
  const length = left.length;
  const window = Math.max(1, Math.round(lookahead * SAMPLE_RATE));
  const need = (n: number) => Math.min(1, ceiling / Math.max(Math.abs(left[n]!), Math.abs(right[n]!), 1e-12));
  // The least gain needed from here to `window` samples ahead (a monotonic deque, kept with the
  // needs it holds: O(n)).
  const held = new Float32Array(length);
  const queue = new Int32Array(window + 2);
  const needs = new Float32Array(window + 2);
  let head = 0;
  let size = 0;
  const slot = (i: number) => (head + i) % queue.length;
  for (let n = length - 1; n >= 0; n--) {
    const g = need(n);
    while (size > 0 && needs[slot(size - 1)]! >= g) size--;
    queue[slot(size)] = n;
    needs[slot(size)] = g;
    size++;
    while (queue[head]! > n + window) {
      head = (head + 1) % queue.length;
      size--;
    }
    held[n] = needs[head]!;
  }
  const recover = 1 - Math.exp(-1 / (release * SAMPLE_RATE));
  let gain = 1;
  for (let n = 0; n < length; n++) {
    gain = Math.min(held[n]!, gain + (1 - gain) * recover);
    held[n] = gain;
  }
  // A moving average over the look-ahead (before the first sample the gain was 1): at a peak every
  // sample averaged was held at or below its need. Applied from the end back, so `held` is still
  // whole where the average reads it.
  let sum = 0;
  for (let n = length - 1, k = 0; k < window && n - k >= 0; k++) sum += held[n - k]!;
  for (let n = length - 1; n >= 0; n--) {
    const g = (sum + Math.max(0, window - n - 1)) / window;
    left[n]! *= g;
    right[n]! *= g;
    sum -= held[n]!;
    if (n - window >= 0) sum += held[n - window]!;
  }
}

/** Writes a 16-bit PCM stereo WAV at SAMPLE_RATE. */
export async function writeWav(file: string, left: Float32Array, right: Float32Array): Promise<void> {
  const frames = left.length;
  const data = Buffer.alloc(44 + frames * 4);
  data.write('RIFF', 0, 'ascii');
  data.writeUInt32LE(36 + frames * 4, 4);
  data.write('WAVEfmt ', 8, 'ascii');
  data.writeUInt32LE(16, 16); // fmt chunk size
  data.writeUInt16LE(1, 20); // PCM
  data.writeUInt16LE(2, 22); // channels
  data.writeUInt32LE(SAMPLE_RATE, 24);
  data.writeUInt32LE(SAMPLE_RATE * 4, 28); // bytes a second
  data.writeUInt16LE(4, 32); // bytes a frame
  data.writeUInt16LE(16, 34); // bits a sample
  data.write('data', 36, 'ascii');
  data.writeUInt32LE(frames * 4, 40);
  const toInt = (x: number) => Math.max(-32768, Math.min(32767, Math.round(x * 32767)));
  for (let n = 0; n < frames; n++) {
    data.writeInt16LE(toInt(left[n]!), 44 + n * 4);
    data.writeInt16LE(toInt(right[n]!), 46 + n * 4);
  }
  await writeFile(file, data);
}
