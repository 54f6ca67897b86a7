// WAV, as both vendors answer it when asked for `wav`: a RIFF file with a `fmt ` chunk of 16-bit
// PCM and a `data` chunk. The pieces of a narration are joined sample for sample, so the span of
// each one is exact and the whole is one file any player (and ffmpeg) reads.

export interface Pcm {
  sampleRate: number;
  channels: number;
  /** 16-bit little-endian samples, interleaved. */
  data: Buffer;
}

/** The PCM inside a WAV file; throws on anything else (a vendor that answered another format). */
export function parseWav(bytes: Buffer): Pcm {
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let format: { sampleRate: number; channels: number; bits: number; code: number } | undefined;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const declared = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      format = { code: bytes.readUInt16LE(body), channels: bytes.readUInt16LE(body + 2), sampleRate: bytes.readUInt32LE(body + 4), bits: bytes.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data before its format');
      // Streamed WAVs leave the size at 0 or 0xFFFFFFFF: the data then runs to the end of the file.
      const end = declared === 0 || declared === 0xffffffff || body + declared > bytes.length ? bytes.length : body + declared;
      if (format.code !== 1 || format.bits !== 16) throw new Error(`WAV of format ${format.code} with ${format.bits}-bit samples, not 16-bit PCM`);
      const usable = end - ((end - body) % (2 * format.channels));
      return { sampleRate: format.sampleRate, channels: format.channels, data: bytes.subarray(body, usable) };
    }
    at = body + declared + (declared % 2);
  }
  throw new Error('WAV without data');
}

export function pcmSeconds(pcm: Pcm): number {
  return pcm.data.length / (2 * pcm.channels * pcm.sampleRate);
}

/** `seconds` of silence in the format of `like`. */
export function silence(like: Pick<Pcm, 'sampleRate' | 'channels'>, seconds: number): Pcm {
  return { ...like, data: Buffer.alloc(Math.round(seconds * like.sampleRate) * 2 * like.channels) };
}

/** A WAV file of the PCM. */
export function wavFile(pcm: Pcm): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(pcm.channels, 22);
  header.writeUInt32LE(pcm.sampleRate, 24);
  header.writeUInt32LE(pcm.sampleRate * pcm.channels * 2, 28);
  header.writeUInt16LE(pcm.channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.data.length, 40);
  return Buffer.concat([header, pcm.data]);
}
