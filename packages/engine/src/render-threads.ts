// The built-in provider renders in worker threads, not in the thread that asks. Drawing and
// converting a frame takes milliseconds of synchronous work, and every frame read from canvas is a
// 3.7 MB buffer that makes V8 collect garbage; in a server's thread both would stall its requests,
// and each collection would walk the server's whole heap (on the bench, whose process holds the
// browser driver too, that was ~1 of the 3.4 CPU s of a 10 s video). A thread's heap holds the
// render alone.
//
// Threads are kept once started, one per render running at the same time (a worker's renders
// reuse one; WORKERS bounds them), so fonts are registered and code compiled once per thread.
// An idle thread does not keep the process alive.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { RenderAbortedError, throwIfAborted } from './abort-error.js';
import type { RenderResult, RenderTask } from './types.js';

export type ToThread = { type: 'render'; job: number; task: RenderTask } | { type: 'abort'; job: number };
export type FromThread =
  | { type: 'progress'; job: number; percent: number }
  | { type: 'done'; job: number; result: RenderResult }
  | { type: 'failed'; job: number; name: string; message: string };

/** After an abort, how long a thread may take to stop its render before it is terminated. */
const ABORT_GRACE_MS = 1500;

const built = path.join(__dirname, 'render-thread.js');
const fromSource = !existsSync(built);
const entry = fromSource ? path.join(__dirname, 'render-thread-source.cjs') : built;
// From source, the thread takes the workspace packages it imports (@app/contract/emoji) from
// their source too (`app-source`), as the tests and `npm run dev` do: they may not be built.
const threadOptions = fromSource ? { execArgv: [...process.execArgv, '--conditions=app-source'] } : {};

const idle: Worker[] = [];
let jobs = 0;

function takeThread(): Worker {
  const thread = idle.pop() ?? new Worker(entry, threadOptions);
  thread.ref();
  return thread;
}

function giveBack(thread: Worker): void {
  thread.removeAllListeners('message').removeAllListeners('error').removeAllListeners('exit');
  thread.unref();
  // A thread that dies while idle is simply not used again.
  thread.once('exit', () => {
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
  });
  idle.push(thread);
}

export async function renderInThread(task: RenderTask, onProgress: (percent: number) => void, signal: AbortSignal): Promise<RenderResult> {
  throwIfAborted(signal); // a rejection, not a throw: the function is async
  const job = (jobs += 1);
  const thread = takeThread();
  return new Promise<RenderResult>((resolve, reject) => {
    let abortTimer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (reusable: boolean, settle: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      clearTimeout(abortTimer);
      if (reusable) giveBack(thread);
      else {
        thread.removeAllListeners();
        void thread.terminate();
      }
      settle();
    };
    const onAbort = () => {
      thread.postMessage({ type: 'abort', job } satisfies ToThread);
      // A thread that does not answer in time is terminated: its pipe closes and its ffmpeg ends.
      abortTimer = setTimeout(() => finish(false, () => reject(new RenderAbortedError(signal.reason))), ABORT_GRACE_MS);
    };
    signal.addEventListener('abort', onAbort, { once: true });

    thread.on('message', (message: FromThread) => {
      if (message.job !== job) return;
      if (message.type === 'progress') onProgress(message.percent);
      else if (message.type === 'done') finish(true, () => resolve(message.result));
      else if (message.name === 'AbortError') finish(true, () => reject(new RenderAbortedError(signal.reason)));
      else finish(true, () => reject(Object.assign(new Error(message.message), { name: message.name })));
    });
    thread.once('error', (err) => finish(false, () => reject(new Error(`the render thread failed: ${err.message}`, { cause: err }))));
    thread.once('exit', (code) => finish(false, () => reject(new Error(`the render thread stopped (exit ${code}) before the render ended`))));
    thread.postMessage({ type: 'render', job, task } satisfies ToThread);
  });
}
