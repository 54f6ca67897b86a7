// @app/engine: the video renderer behind the video-task queue.
export type { AspectRatio, RenderResult, RenderTask, RenderTemplate, VideoProvider } from './types.js';
export { RenderAbortedError } from './abort-error.js';
export { builtinProvider } from './builtin-provider.js';
export { FPS, frameSize } from './frame-size.js';
export { MAX_PICTURES } from './validate-task.js';
