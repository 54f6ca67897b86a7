// ffmpeg as a child process fed raw frames on stdin. A write resolves once the pipe has taken the
// whole frame, so the caller may fill the same buffer with the next one: ffmpeg encodes frame n
// on its threads while this process draws frame n+1, and memory stays at a frame or two.
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { RenderAbortedError } from './abort-error.js';

export const ffmpegPath: string = ffmpeg.path;

export interface Encoder {
  /** Resolves when the pipe has taken all of the frame, so its buffer is free again; rejects if ffmpeg failed or was aborted. */
  write(frame: Buffer): Promise<void>;
  /** Ends the input and resolves when ffmpeg has written a complete file. */
  finish(): Promise<void>;
  /** Kills ffmpeg now; resolves once it has exited. */
  kill(): Promise<void>;
}

export function startEncoder(args: string[], signal: AbortSignal): Encoder {
  const child: ChildProcessByStdio<Writable, null, Readable> = spawn(ffmpegPath, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000); // the end holds the reason; the rest is noise
  });

  let failure: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('error', (err) => {
      failure ??= new Error(`ffmpeg could not start: ${err.message}`, { cause: err });
      resolve();
    });
    child.once('close', (code, killedBy) => {
      if (code !== 0) failure ??= new Error(`ffmpeg failed (${killedBy ?? `exit ${code}`}): ${stderr.trim()}`);
      resolve();
    });
  });
  // EPIPE when ffmpeg dies mid-frame: the exit above says why, this only must not go unhandled.
  child.stdin.on('error', () => undefined);

  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const onAbort = () => {
    failure = new RenderAbortedError(signal.reason);
    void kill();
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  void exited.then(() => signal.removeEventListener('abort', onAbort));

  const ended = exited.then(() => {
    throw failure ?? new Error('ffmpeg exited before the last frame');
  });
  ended.catch(() => undefined); // observed by whichever write or finish races it

  return {
    async write(frame) {
      if (failure) throw failure;
      const taken = new Promise<void>((resolve, reject) => {
        child.stdin.write(frame, (err) => (err ? reject(err) : resolve()));
      });
      try {
        await Promise.race([taken, ended]);
      } catch (err) {
        await exited; // an EPIPE here means ffmpeg is gone: report why it went
        throw failure ?? err;
      }
    },
    async finish() {
      if (failure) throw failure;
      child.stdin.end();
      await exited;
      if (failure) throw failure;
    },
    kill,
  };
}
