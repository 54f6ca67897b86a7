// The ffmpeg command line for a render: raw RGBA frames on stdin, the generated audio bed, out
// to an H.264/AAC MP4 that phones play and that starts playing before it has fully downloaded.
// No -frames:v: the caller writes exactly the frames it wants, and with ffmpeg 4.1 that option
// ends the file when the video reaches it, cutting the audio ~0.6 s short.
import type { FrameSize } from './frame-size.js';
import { FPS } from './frame-size.js';

export interface EncodeSettings {
  size: FrameSize;
  audioGraph: string;
  output: string;
}

/** The video settings, shared with the bench's baseline so both encode the same way. */
export const X264_ARGS = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];

/**
 * The canvas's sRGB frames to yuv420p with the BT.709 matrix, limited range, and the stream tagged
 * so. Browsers and phones decode untagged HD video as BT.709; ffmpeg's default conversion is
 * BT.601, which made reds show orange (255, 24, 0 for pure red in Chromium).
 */
export const RGB_TO_BT709 = 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p';
export const BT709_TAGS = ['-color_range', 'tv', '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'];

export function encodeArgs({ size, audioGraph, output }: EncodeSettings): string[] {
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${size.width}x${size.height}`, '-framerate', String(FPS), '-i', 'pipe:0',
    '-filter_complex', `[0:v]${RGB_TO_BT709}[frames];${audioGraph}`,
    '-map', '[frames]', '-map', '[bed]',
    ...X264_ARGS,
    ...BT709_TAGS,
    '-c:a', 'aac', '-b:a', '128k',
    '-f', 'mp4', output,
  ];
}
