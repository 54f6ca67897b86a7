// A render thread: renders the tasks render-threads.ts sends it, one at a time, for as long as
// the process lives. Its module state (fonts registered, the yuv420p module) serves every render.
import { parentPort } from 'node:worker_threads';
import { renderVideo } from './render-video.js';
import type { FromThread, ToThread } from './render-threads.js';

const port = parentPort;
if (!port) throw new Error('render-thread.ts runs as a worker thread (see render-threads.ts)');
const post = (message: FromThread) => port.postMessage(message);

let current: { job: number; controller: AbortController } | undefined;

port.on('message', (message: ToThread) => {
  if (message.type === 'abort') {
    if (current?.job === message.job) current.controller.abort();
    return;
  }
  const { job, task } = message;
  current = { job, controller: new AbortController() };
  renderVideo(task, (percent) => post({ type: 'progress', job, percent }), current.controller.signal)
    .then((result) => post({ type: 'done', job, result }))
    .catch((err: unknown) => {
      const error = err instanceof Error ? err : new Error(String(err));
      post({ type: 'failed', job, name: error.name, message: error.message });
    })
    .finally(() => {
      current = undefined;
    });
});
