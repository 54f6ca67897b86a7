// What the stand-ins of the video vendors hand back as a "generated" clip: a real, small H.264 MP4
// (moving test pattern, no audio, as the vendors' clips mostly are) of the asked length and size,
// made once per shape with the engine's own ffmpeg and kept for the test process.
import { ffmpegPath } from '@app/engine';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const made = new Map<string, Promise<Buffer>>();

/** An MP4 of `seconds` at `width`×`height`, 24 fps (the vendors' usual rate); `hue` tells clips apart in frames. */
export function sampleClip(seconds: number, width = 320, height = 568, hue = 0): Promise<Buffer> {
  const key = `${seconds}:${width}:${height}:${hue}`;
  let clip = made.get(key);
  if (!clip) {
    clip = makeClip(seconds, width, height, hue);
    made.set(key, clip);
  }
  return clip;
}

async function makeClip(seconds: number, width: number, height: number, hue: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sample-clip-'));
  const file = path.join(dir, 'clip.mp4');
  try {
    await promisify(execFile)(ffmpegPath, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=24:duration=${seconds}`,
      '-vf', `hue=h=${hue}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
