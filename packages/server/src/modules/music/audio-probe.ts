import { spawn } from 'node:child_process';

/**
 * How long the sound in `file` lasts, in seconds, measured by decoding it with the shipped ffmpeg
 * (ffprobe is not shipped): the first audio stream is decoded to nothing, and ffmpeg's progress
 * report (`-progress`) says how far it got. A header can lie about the length (a VBR MP3 without
 * a Xing frame, an ADTS stream has none at all); the decode cannot. Null when ffmpeg finds no
 * audio it can decode — a disguised or broken file.
 *
 * Ten minutes of MP3 decode in about a second; the caller bounds the file's size first.
 */
export async function probeAudioSeconds(file: string, signal?: AbortSignal): Promise<number | null> {
  const args = ['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-i', file, '-map', '0:a:0', '-f', 'null', '-progress', 'pipe:1', '-'];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'], ...(signal && { signal }) });
    let progress = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (progress = (progress + chunk).slice(-4000)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors = (errors + chunk).slice(-4000)));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) return resolve(null);
      // The last report (`progress=end`) holds the whole length; out_time_us is in microseconds.
      const times = [...progress.matchAll(/^out_time_us=(\d+)$/gm)].map((match) => Number(match[1]));
      const seconds = (times.at(-1) ?? 0) / 1_000_000;
      // Decoding "succeeded" through errors on every packet: not a file to put under a video.
      resolve(seconds > 0 && !/Invalid data found/i.test(errors) ? seconds : null);
    });
  });
}

/** The engine's ffmpeg, loaded when first needed (the engine module also loads canvas). */
function ffmpegPath(): string {
  return (require('@app/engine') as { ffmpegPath: string }).ffmpegPath;
}
