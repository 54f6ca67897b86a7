// The instruments of the engine's music, by plain synthesis: each note is rendered into a mono
// buffer and mixed into the stereo bus at its place. Harmonic tones are sums of exponentially
// decaying partials computed by a two-multiply recursion (no Math.sin per sample: chords are most
// of the work), plucked strings are Karplus–Strong, synth voices a PolyBLEP saw through a
// state-variable low-pass, drums are shaped noise and swept sines. Nothing is sampled or licensed.

export const SAMPLE_RATE = 44100;
const SR = SAMPLE_RATE;
const TAU = Math.PI * 2;
/** Partials above this are left out: they would fold back below Nyquist as noise. */
const PARTIAL_LIMIT = 16000;

export const midiHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** Where sound goes: the dry stereo pair and a mono send into the reverb. */
export interface Bus {
  left: Float32Array;
  right: Float32Array;
  send: Float32Array;
}

export function createBus(seconds: number): Bus {
  const length = Math.ceil(seconds * SR);
  return { left: new Float32Array(length), right: new Float32Array(length), send: new Float32Array(length) };
}

/** Adds a mono note at `start` seconds, panned (−1 left … 1 right, equal power), with some of it sent to the reverb. */
export function place(bus: Bus, sound: Float32Array, start: number, gain: number, pan: number, send: number): void {
  const at = Math.round(start * SR);
  const angle = ((pan + 1) * Math.PI) / 4;
  const gl = Math.cos(angle) * gain;
  const gr = Math.sin(angle) * gain;
  const gs = send * gain;
  const end = Math.min(sound.length, bus.left.length - at);
  for (let i = Math.max(0, -at); i < end; i++) {
    const s = sound[i]!;
    bus.left[at + i]! += s * gl;
    bus.right[at + i]! += s * gr;
    bus.send[at + i]! += s * gs;
  }
}

/** The length in samples of a note held `held` seconds that then dies away over `tail` seconds. */
const samplesFor = (held: number, tail: number) => Math.max(1, Math.ceil((held + tail) * SR));

/**
 * A sum of sine partials at `ratios` × freq, each decaying at its own rate (1/s), with a short
 * linear attack and, after `held` seconds, a release of time constant `release`.
 */
export function partials(
  freq: number, held: number,
  spec: { ratios: number[]; amps: number[]; decays: number[]; attack: number; release: number },
): Float32Array {
  const out = new Float32Array(samplesFor(held, spec.release * 5));
  spec.ratios.forEach((ratio, k) => {
    const f = freq * ratio;
    if (f >= PARTIAL_LIMIT) return;
    // y[n] = r^n sin(wn): a damped sine by recursion, exact and cheap.
    const w = (TAU * f) / SR;
    const r = Math.exp(-spec.decays[k]! / SR);
    const c = 2 * r * Math.cos(w);
    const r2 = r * r;
    const amp = spec.amps[k]!;
    let y1 = 0;
    let y0 = r * Math.sin(w);
    out[1]! += y0 * amp;
    for (let n = 2; n < out.length; n++) {
      const y = c * y0 - r2 * y1;
      y1 = y0;
      y0 = y;
      out[n]! += y * amp;
    }
  });
  shapeEnvelope(out, spec.attack, held, spec.release);
  return out;
}

/** A linear attack, then after `held` s an exponential release (time constant `release`). */
function shapeEnvelope(out: Float32Array, attack: number, held: number, release: number): void {
  const attackN = Math.max(1, Math.round(attack * SR));
  const heldN = Math.round(held * SR);
  const fall = Math.exp(-1 / (release * SR));
  let g = 1;
  for (let n = 0; n < out.length; n++) {
    if (n >= heldN) g *= fall;
    out[n]! *= (n < attackN ? n / attackN : 1) * g;
  }
}

// Harmonic instruments: the partials' mix and decay give the timbre. Higher notes die faster, as strings do.
const scaleDecays = (decays: number[], freq: number) => decays.map((d) => d * Math.sqrt(Math.max(0.5, freq / 262)));

export const piano = (freq: number, held: number) => partials(freq, held, {
  ratios: [1, 2.001, 3.003, 4.006, 5.01, 6.015], amps: [1, 0.5, 0.28, 0.16, 0.09, 0.05],
  decays: scaleDecays([0.9, 1.5, 2.3, 3.2, 4.2, 5.2], freq), attack: 0.004, release: 0.18,
});

/** An electric piano: a round fundamental, a little bell from a fast-dying high partial. */
export const electricPiano = (freq: number, held: number) => partials(freq, held, {
  ratios: [1, 2, 3, 4, 7.02], amps: [1, 0.32, 0.12, 0.06, 0.07], decays: scaleDecays([0.8, 1.6, 3, 4, 14], freq), attack: 0.003, release: 0.2,
});

/** A music box or celesta: inharmonic tines that ring on. */
export const musicBox = (freq: number, held: number) => partials(freq, held, {
  ratios: [1, 2, 3.01, 4.16, 5.43], amps: [1, 0.22, 0.1, 0.12, 0.05], decays: [1.8, 3.5, 6, 9, 13], attack: 0.002, release: 0.5,
});

/** Vibraphone-like mallet for melodies over soft chords. */
export const mallet = (freq: number, held: number) => partials(freq, held, {
  ratios: [1, 3.99, 10.1], amps: [1, 0.18, 0.04], decays: [1.2, 4, 12], attack: 0.002, release: 0.3,
});

/** A gong's shimmer: inharmonic, long. */
export const gong = (freq: number, held: number) => partials(freq, held, {
  ratios: [1, 1.47, 2.09, 2.56, 3.37, 4.1], amps: [1, 0.7, 0.5, 0.35, 0.2, 0.15], decays: [0.6, 0.9, 1.2, 1.6, 2.2, 3], attack: 0.01, release: 1.2,
});

/**
 * A plucked string, Karplus–Strong: a burst of noise circulating in a delay line one period long,
 * averaged each time round. `brightness` 0–1 colours the burst; `damping` < 1 shortens the ring.
 */
export function pluck(freq: number, held: number, random: () => number, brightness = 0.6, damping = 0.996): Float32Array {
  const out = new Float32Array(samplesFor(held, 0.6));
  const period = SR / freq - 0.5; // the two-point average delays half a sample
  const burst = Math.ceil(period) + 1;
  let lp = 0;
  for (let n = 0; n < burst && n < out.length; n++) {
    lp += brightness * (random() * 2 - 1 - lp);
    out[n] = lp;
  }
  for (let n = burst; n < out.length; n++) {
    const at = n - period;
    const i = Math.floor(at);
    const frac = at - i;
    const a = out[i]! + frac * (out[i + 1]! - out[i]!);
    const b = out[i - 1]! + frac * (out[i]! - out[i - 1]!);
    out[n] = damping * 0.5 * (a + b);
  }
  // A string held is stopped when it is let go.
  shapeEnvelope(out, 0.001, held, 0.08);
  // The burst leaves a DC offset: a DC blocker takes it out, then the level is set by the peak.
  let x1 = 0;
  let y1 = 0;
  let peak = 1e-9;
  for (let n = 0; n < out.length; n++) {
    const x = out[n]!;
    y1 = x - x1 + 0.995 * y1;
    x1 = x;
    out[n] = y1;
    peak = Math.max(peak, Math.abs(y1));
  }
  for (let n = 0; n < out.length; n++) out[n]! /= peak;
  return out;
}

/** Sustained tone with vibrato: harmonics `amps`, optional breath noise (a flute, a dizi). */
export function blown(freq: number, held: number, amps: number[], random: () => number, breath = 0, vibrato = 0.005): Float32Array {
  const out = new Float32Array(samplesFor(held, 0.4));
  const heldN = held * SR;
  const top = amps.findIndex((_, k) => freq * (k + 1) >= PARTIAL_LIMIT);
  const count = top < 0 ? amps.length : top;
  const fall = Math.exp(-1 / (0.07 * SR));
  let release = 1;
  let phase = 0;
  let noise = 0;
  let step = 0;
  for (let n = 0; n < out.length; n++) {
    const t = n / SR;
    // Vibrato comes in after the note has started, as a player's does (worked out every 16 samples).
    if ((n & 15) === 0) step = (TAU * freq * (1 + vibrato * Math.min(1, t / 0.25) * Math.sin(TAU * 5.3 * t))) / SR;
    phase += step;
    // sin(kθ) for every k from one sine and cosine: s_k = 2 cos θ · s_(k−1) − s_(k−2).
    const sin1 = Math.sin(phase);
    const twoCos = 2 * Math.cos(phase);
    let previous = 0;
    let current = sin1;
    let s = amps[0]! * sin1;
    for (let k = 1; k < count; k++) {
      const next = twoCos * current - previous;
      previous = current;
      current = next;
      s += amps[k]! * next;
    }
    if (breath) {
      noise += 0.5 * (random() * 2 - 1 - noise);
      s += breath * noise;
    }
    if (n >= heldN) release *= fall;
    out[n] = s * Math.min(1, t / 0.04) * release * (0.85 + 0.15 * Math.exp(-t / 0.2));
  }
  return out;
}

/**
 * A synth voice: a PolyBLEP saw (or two, detuned) through a resonant state-variable low-pass
 * whose cutoff falls from `cutoff[0]` to `cutoff[1]` Hz at `sweep` s, with attack and release.
 */
export function synth(
  freq: number, held: number,
  opts: { cutoff: [number, number]; sweep: number; attack: number; release: number; detune?: number; resonance?: number },
): Float32Array {
  const out = new Float32Array(samplesFor(held, opts.release * 5));
  const freqs = opts.detune ? [freq * (1 - opts.detune), freq * (1 + opts.detune)] : [freq];
  const phases = freqs.map((_, i) => i * 0.37);
  const q = opts.resonance ?? 0.6;
  let low = 0;
  let band = 0;
  let f = 0;
  const heldN = held * SR;
  const attackStep = 1 / Math.max(1, opts.attack * SR);
  const fall = Math.exp(-1 / (opts.release * SR));
  let attack = 0;
  let release = 1;
  for (let n = 0; n < out.length; n++) {
    let s = 0;
    for (let v = 0; v < freqs.length; v++) {
      const dt = freqs[v]! / SR;
      let p = phases[v]! + dt;
      if (p >= 1) p -= 1;
      phases[v] = p;
      s += 2 * p - 1 - polyBlep(p, dt);
    }
    s /= freqs.length;
    // The cutoff moves slowly: its coefficient is worked out every 16 samples.
    if ((n & 15) === 0) {
      const cutoff = opts.cutoff[1] + (opts.cutoff[0] - opts.cutoff[1]) * Math.exp(-n / SR / opts.sweep);
      f = 2 * Math.sin((Math.PI * Math.min(cutoff, SR / 6)) / SR);
    }
    low += f * band;
    band += f * (s - low - q * band);
    attack = Math.min(1, attack + attackStep);
    if (n >= heldN) release *= fall;
    out[n] = low * attack * release;
  }
  return out;
}

/** The PolyBLEP correction that takes the alias out of a saw's jump. */
function polyBlep(p: number, dt: number): number {
  if (p < dt) {
    const x = p / dt;
    return x + x - x * x - 1;
  }
  if (p > 1 - dt) {
    const x = (p - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

/** A bass: fundamental and two harmonics, a pluck that settles to a sustain. */
export function bass(freq: number, held: number, growl = 0.35): Float32Array {
  const out = new Float32Array(samplesFor(held, 0.3));
  const heldN = held * SR;
  const fall = Math.exp(-1 / (0.05 * SR));
  let release = 1;
  for (let n = 0; n < out.length; n++) {
    const t = n / SR;
    const ph = TAU * freq * t;
    const s1 = Math.sin(ph);
    const c1 = Math.cos(ph);
    const s2 = 2 * s1 * c1;
    const s3 = s1 * (3 - 4 * s1 * s1);
    const bright = growl * Math.exp(-t / 0.12);
    const s = s1 + (0.35 + bright) * s2 + (0.1 + bright * 0.5) * s3;
    const env = Math.min(1, t / 0.006) * (0.65 + 0.35 * Math.exp(-t / 0.25));
    if (n >= heldN) release *= fall;
    out[n] = s * env * release * 0.7;
  }
  return out;
}

// Drums. Each returns a hit at full level; the score sets its velocity.

export function kick(random: () => number, punch = 1): Float32Array {
  const out = new Float32Array(Math.ceil(0.45 * SR));
  let phase = 0;
  for (let n = 0; n < out.length; n++) {
    const t = n / SR;
    phase += (TAU * (48 + 110 * punch * Math.exp(-t / 0.035))) / SR;
    const click = n < 0.003 * SR ? (random() * 2 - 1) * 0.4 : 0;
    out[n] = Math.sin(phase) * Math.exp(-t / 0.16) + click;
  }
  return out;
}

/** Noise with its lows taken out by `stages` one-pole high-passes at about `cutoff` Hz. */
function highNoise(length: number, random: () => number, cutoff: number, stages = 2): Float32Array {
  const out = new Float32Array(length);
  const a = Math.exp((-TAU * cutoff) / SR);
  const prev = new Float64Array(stages);
  const lows = new Float64Array(stages);
  for (let n = 0; n < length; n++) {
    let s = random() * 2 - 1;
    for (let k = 0; k < stages; k++) {
      lows[k] = a * lows[k]! + (1 - a) * s;
      prev[k] = s;
      s -= lows[k]!;
    }
    out[n] = s;
  }
  return out;
}

export function snare(random: () => number, brush = false): Float32Array {
  const out = highNoise(Math.ceil(0.3 * SR), random, brush ? 2500 : 1200, 1);
  for (let n = 0; n < out.length; n++) {
    const t = n / SR;
    const tone = brush ? 0 : 0.6 * Math.sin(TAU * 185 * t) * Math.exp(-t / 0.05);
    const env = brush ? Math.min(1, t / 0.01) * Math.exp(-t / 0.09) : Math.exp(-t / 0.11);
    out[n] = out[n]! * env * (brush ? 0.6 : 0.9) + tone;
  }
  return out;
}

export function clap(random: () => number): Float32Array {
  const out = highNoise(Math.ceil(0.35 * SR), random, 1000, 2);
  for (let n = 0; n < out.length; n++) {
    const t = n / SR;
    // Three quick slaps, then the room.
    const slaps = [0, 0.011, 0.023].reduce((sum, at) => sum + (t >= at ? Math.exp(-(t - at) / 0.006) : 0), 0);
    out[n] = out[n]! * (0.8 * slaps + 0.5 * Math.exp(-t / 0.09)) * 1.3;
  }
  return out;
}

export function hat(random: () => number, open = false): Float32Array {
  const out = highNoise(Math.ceil((open ? 0.5 : 0.08) * SR), random, 7000, 2);
  const decay = open ? 0.16 : 0.022;
  for (let n = 0; n < out.length; n++) out[n] = out[n]! * Math.exp(-n / SR / decay) * 1.4;
  return out;
}

export function shaker(random: () => number): Float32Array {
  const out = highNoise(Math.ceil(0.12 * SR), random, 5000, 2);
  for (let n = 0; n < out.length; n++) {
    const t = n / SR;
    out[n] = out[n]! * Math.min(1, t / 0.012) * Math.exp(-t / 0.035);
  }
  return out;
}

/** A tom, or with a low `freq` and a long ring the big drum (大鼓) of a festival band. */
export function tom(random: () => number, freq: number, decay = 0.25): Float32Array {
  const out = new Float32Array(Math.ceil(decay * 5 * SR));
  let phase = 0;
  for (let n = 0; n < out.length; n++) {
    const t = n / SR;
    phase += (TAU * freq * (1 + 0.6 * Math.exp(-t / 0.04))) / SR;
    const hit = n < 0.01 * SR ? (random() * 2 - 1) * 0.5 * (1 - n / (0.01 * SR)) : 0;
    out[n] = Math.sin(phase) * Math.exp(-t / decay) + hit;
  }
  return out;
}

/** A wood block (梆子): a short hollow knock. */
export const woodBlock = () => partials(1150, 0, { ratios: [1, 1.52, 2.9], amps: [1, 0.5, 0.2], decays: [45, 60, 90], attack: 0.0005, release: 0.02 });

export function crash(random: () => number): Float32Array {
  const out = highNoise(Math.ceil(2.2 * SR), random, 4000, 1);
  for (let n = 0; n < out.length; n++) {
    const t = n / SR;
    out[n] = out[n]! * Math.exp(-t / 0.55) * 0.8;
  }
  return out;
}

/**
 * A small stereo room (Freeverb's structure: parallel damped combs, then all-passes) fed by the
 * bus's send; its output is added to the dry pair.
 */
export function addReverb(bus: Bus, wet: number, size = 0.82): void {
  const tank = new Float32Array(bus.send.length);
  for (const d of [1116, 1188, 1277, 1356]) {
    const line = new Float32Array(d);
    let at = 0;
    let filtered = 0;
    for (let n = 0; n < tank.length; n++) {
      const y = line[at]!;
      filtered = y * 0.8 + filtered * 0.2; // the damping: high frequencies die first
      line[at] = bus.send[n]! * 0.3 + filtered * size;
      tank[n]! += y;
      if (++at === d) at = 0;
    }
  }
  // Different all-passes per side: the same room, heard from two places.
  for (const [channel, delays] of [[bus.left, [556, 441]], [bus.right, [579, 464, 337]]] as const) {
    const out = Float32Array.from(tank);
    for (const d of delays) {
      const line = new Float32Array(d);
      let at = 0;
      for (let n = 0; n < out.length; n++) {
        const buffered = line[at]!;
        const input = out[n]!;
        line[at] = input + buffered * 0.5;
        out[n] = buffered - input;
        if (++at === d) at = 0;
      }
    }
    for (let n = 0; n < out.length; n++) channel[n]! += out[n]! * wet;
  }
}
