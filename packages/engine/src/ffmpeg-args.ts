// The ffmpeg command line for a render: raw yuv420p frames on stdin (yuv.ts), the sound mixed by
// audio-mix.ts from its own inputs, out to an H.264/AAC MP4 that phones play and that starts playing before it has fully downloaded.
// No -frames:v: the caller writes exactly the frames it wants, and with ffmpeg 4.1 that option
// ends the file when the video reaches it, cutting the audio ~0.6 s short.
import type { AudioMix } from './audio-mix.js';
import type { FrameSize } from './frame-size.js';
import { FPS } from './frame-size.js';

export interface EncodeSettings {
  size: FrameSize;
  audio: AudioMix;
  output: string;
}

/** The video settings, shared with the bench's baseline so both encode the same way. */
export const X264_ARGS = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];

/**
 * What yuv.ts makes of the canvas's sRGB frames (BT.709, limited range), written into the stream:
 * players then read the colours back as drawn. Untagged, browsers assume BT.709 for HD anyway, and
 * ffmpeg's own conversion (BT.601) showed pure red as 255, 24, 0 in Chromium.
 */
export const BT709_TAGS = ['-color_range', 'tv', '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'];

export function encodeArgs({ size, audio, output }: EncodeSettings): string[] {
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${size.width}x${size.height}`, '-framerate', String(FPS), '-i', 'pipe:0',
    ...audio.inputs,
    '-filter_complex', audio.graph,
    '-map', '0:v', '-map', '[aout]',
    ...X264_ARGS,
    ...BT709_TAGS,
    '-c:a', 'aac', '-b:a', '128k',
    '-f', 'mp4', output,
  ];
}
