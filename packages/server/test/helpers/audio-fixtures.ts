import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir } from './temp-dirs.js';

// Real small audio files made with the shipped ffmpeg (the engine's), for the music tests: a
// tone of a few seconds in each format the app takes. Made once per test process.

export type AudioFormat = 'mp3' | 'm4a' | 'aac' | 'wav';

const ENCODE: Record<AudioFormat, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '64k'],
  m4a: ['-c:a', 'aac', '-b:a', '64k'],
  aac: ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts'],
  wav: ['-c:a', 'pcm_s16le'],
};

export const AUDIO_TYPES: Record<AudioFormat, string> = { mp3: 'audio/mpeg', m4a: 'audio/mp4', aac: 'audio/aac', wav: 'audio/wav' };

const made = new Map<string, Buffer>();
let dir: string | undefined;

/** A `seconds`-long 440 Hz tone (mono, 22.05 kHz) in `format`. */
export function audioFile(format: AudioFormat, seconds = 3): Buffer {
  const name = `tone-${seconds}.${format}`;
  const cached = made.get(name);
  if (cached) return cached;
  dir ??= makeTempDir();
  const file = path.join(dir, name);
  const ffmpeg = (require('@app/engine') as { ffmpegPath: string }).ffmpegPath;
  execFileSync(ffmpeg, ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '1', '-ar', '22050', ...ENCODE[format], file]);
  const bytes = readFileSync(file);
  made.set(name, bytes);
  return bytes;
}
