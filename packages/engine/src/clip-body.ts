// Clips a video model made, as the body of a video: each plays in its slot of the timeline (the
// slides' timing, so cross-fades and the title card work as with pictures), decoded by ffmpeg to
// frames of exactly the video's size (scaled to cover, cropped evenly, resampled to our frame
// rate, its last frame held when the clip is shorter than its slot). Frames are read one at a
// time as the video reaches them, so memory holds a frame per clip on screen.
import { createCanvas, ImageData, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { ffmpegPath } from './ffmpeg-encoder.js';
import { FPS, type FrameSize } from './frame-size.js';
import { clamp } from './motion.js';
import type { SlideTiming } from './timeline.js';

export interface ClipBody {
  /** Reads the frames the body shows at time `t` (call once per frame, in order, before painting it). */
  advance(t: number): Promise<void>;
  paint(ctx: SKRSContext2D, t: number): void;
  /** Stops every decoder still running. */
  close(): Promise<void>;
}

export function createClipBody(files: string[], timings: SlideTiming[], size: FrameSize): ClipBody {
  const readers = files.map((file, i) => new ClipReader(file, timings[i]!, size));
  const active = (t: number) => {
    let top = 0;
    while (top + 1 < timings.length && t >= timings[top + 1]!.start) top++;
    const fade = top > 0 && timings[top]!.fadeIn > 0 ? clamp((t - timings[top]!.start) / timings[top]!.fadeIn) : 1;
    return { top, fade };
  };
  return {
    async advance(t) {
      if (t < timings[0]!.start) return;
      const { top, fade } = active(t);
      // Clips that have had their turn let their decoder go.
      for (let i = 0; i < top - (fade < 1 ? 1 : 0); i++) readers[i]!.stop();
      if (fade < 1) await readers[top - 1]!.next();
      await readers[top]!.next();
    },
    paint(ctx, t) {
      const { top, fade } = active(t);
      if (fade < 1) {
        ctx.putImageData(readers[top - 1]!.frame(), 0, 0);
        ctx.globalAlpha = fade;
        ctx.drawImage(readers[top]!.canvas(), 0, 0);
        ctx.globalAlpha = 1;
      } else ctx.putImageData(readers[top]!.frame(), 0, 0);
    },
    async close() {
      await Promise.all(readers.map((reader) => reader.stop()));
    },
  };
}

/** One clip's frames, RGBA at the video's size, decoded on demand. */
class ClipReader {
  private child: ChildProcessByStdio<null, Readable, Readable> | undefined;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private waiting: (() => void) | undefined;
  private failure: Error | undefined;
  private stderr = '';
  private current: ImageData | undefined;
  private holder: Canvas | undefined;
  private readonly frameBytes: number;
  private exited: Promise<void> = Promise.resolve();

  constructor(private readonly file: string, private readonly timing: SlideTiming, private readonly size: FrameSize) {
    this.frameBytes = size.width * size.height * 4;
  }

  /** Moves on to the next frame; past the clip's end, the last one stays. */
  async next(): Promise<void> {
    if (!this.child && !this.ended) this.start();
    while (this.buffered < this.frameBytes && !this.ended) await new Promise<void>((resolve) => (this.waiting = resolve));
    if (this.failure) throw this.failure;
    if (this.buffered < this.frameBytes) {
      if (!this.current) throw new Error(`clip ${this.file} has no frames: ${this.stderr.trim()}`);
      return;
    }
    const bytes = this.take();
    this.current = new ImageData(new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length), this.size.width, this.size.height);
    this.holder = undefined;
    if (this.child?.stdout.isPaused() && this.buffered < this.frameBytes * 2) this.child.stdout.resume();
  }

  frame(): ImageData {
    return this.current!;
  }

  /** The frame on a canvas of its own, to be drawn with transparency over another. */
  canvas(): Canvas {
    if (!this.holder) {
      this.holder = createCanvas(this.size.width, this.size.height);
      this.holder.getContext('2d').putImageData(this.current!, 0, 0);
    }
    return this.holder;
  }

  async stop(): Promise<void> {
    this.ended = true;
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  private start(): void {
    const { width, height } = this.size;
    const seconds = this.timing.end - this.timing.start;
    const child = spawn(ffmpegPath, [
      '-hide_banner', '-loglevel', 'error', '-nostdin',
      // One thread: the encoder beside it has the cores; more decoder threads only contend.
      '-threads', '1', '-filter_threads', '1',
      '-i', this.file,
      '-an',
      // Cover the frame, crop evenly; hold the last frame for as long as the slot may need it.
      '-vf', `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=bicubic,crop=${width}:${height},setsar=1,fps=${FPS},tpad=stop_mode=clone:stop_duration=${Math.ceil(seconds) + 1}`,
      '-t', (seconds + 1 / FPS).toFixed(3),
      '-pix_fmt', 'rgba', '-f', 'rawvideo', 'pipe:1',
    ], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (this.stderr = (this.stderr + chunk).slice(-2000)));
    child.stdout.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      // Two frames ahead is enough to keep ffmpeg busy without holding the clip in memory.
      if (this.buffered >= this.frameBytes * 3) child.stdout.pause();
      this.wake();
    });
    this.exited = new Promise<void>((resolve) => {
      child.once('error', (error) => {
        this.failure ??= new Error(`ffmpeg could not start: ${error.message}`);
        resolve();
      });
      child.once('close', (code, signal) => {
        if (code !== 0 && signal !== 'SIGKILL') this.failure ??= new Error(`clip ${this.file} could not be decoded (${signal ?? `exit ${code}`}): ${this.stderr.trim()}`);
        resolve();
      });
    }).then(() => {
      this.ended = true;
      this.wake();
    });
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }

  private take(): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const frame = Buffer.from(all.subarray(0, this.frameBytes));
    const rest = all.subarray(this.frameBytes);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return frame;
  }
}
