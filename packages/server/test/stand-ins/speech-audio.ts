// Audio a stand-in voice "speaks": one voiced syllable per character (a glottal buzz of a few
// harmonics under a rise-and-fall envelope, its pitch moving like a tone), silence for
// punctuation, as 16-bit PCM. Not words, but speech-shaped: loud while a sentence is spoken and
// silent between sentences, and exactly as long as the text and the speed make it, so what an
// adapter measures can be checked: SYLLABLE_SECONDS / speed per character, plus EDGE_SECONDS of
// silence at each end, as real voices answer.
export const SYLLABLE_SECONDS = 0.24;
export const PAUSE_SECONDS = 0.12;
export const EDGE_SECONDS = 0.05;

/** Seconds the stand-in's voice takes to say `text` at `speed`. */
export function spokenSeconds(text: string, speed: number): number {
  let seconds = 2 * EDGE_SECONDS;
  for (const char of text) seconds += (/[\p{L}\p{N}]/u.test(char) ? SYLLABLE_SECONDS : /\s/.test(char) ? 0 : PAUSE_SECONDS) / speed;
  return seconds;
}

/** The PCM samples (mono, 16-bit little-endian) of `text` spoken at `speed`, at `sampleRate`. */
export function speechPcm(text: string, speed: number, sampleRate: number, voiceSeed = 0): Buffer {
  const samples: number[] = [];
  const pause = (seconds: number) => {
    for (let i = Math.round(seconds * sampleRate); i > 0; i--) samples.push(0);
  };
  pause(EDGE_SECONDS);
  for (const char of text) {
    if (/\s/.test(char)) continue;
    if (!/[\p{L}\p{N}]/u.test(char)) {
      pause(PAUSE_SECONDS / speed);
      continue;
    }
    const length = Math.round((SYLLABLE_SECONDS / speed) * sampleRate);
    const code = char.codePointAt(0)!;
    const base = 140 + ((code + voiceSeed * 37) % 90);
    const tone = (code % 4) - 1.5; // a rising, falling or level contour per character
    for (let i = 0; i < length; i++) {
      const t = i / sampleRate;
      const x = i / length;
      const envelope = Math.sin(Math.PI * Math.min(1, x * 1.15)) ** 2 * (x < 0.87 ? 1 : 0);
      const f = base * (1 + 0.12 * tone * x);
      let value = 0;
      for (let h = 1; h <= 4; h++) value += Math.sin(2 * Math.PI * f * h * t) / h;
      samples.push(Math.round(envelope * value * 9000));
    }
  }
  pause(EDGE_SECONDS);
  const pcm = Buffer.alloc(samples.length * 2);
  samples.forEach((value, i) => pcm.writeInt16LE(Math.max(-32768, Math.min(32767, value)), i * 2));
  return pcm;
}

/** A WAV file around mono 16-bit PCM. */
export function wavOf(pcm: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
