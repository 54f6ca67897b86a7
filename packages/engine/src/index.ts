// @app/engine: the video renderer behind the video-task queue.
import { renderInThread } from './render-threads.js';
import type { VideoProvider } from './types.js';

export type { AspectRatio, RenderResult, RenderTask, RenderTemplate, VideoProvider } from './types.js';
export { RenderAbortedError } from './abort-error.js';
export { ffmpegPath } from './ffmpeg-encoder.js';
export { FPS, frameSize } from './frame-size.js';
export { MAX_PICTURES } from './validate-task.js';
/** The engine's own music, for a server that wants a mood's sample to play before a render (a WAV of any length). */
export { moodOf, writeMusic } from './music/index.js';

/**
 * The built-in provider: no GPU, no network. Each render runs in a render thread
 * (render-threads.ts) with canvas and ffmpeg (render-video.ts).
 */
export const builtinProvider: VideoProvider = { name: 'builtin', render: renderInThread };
