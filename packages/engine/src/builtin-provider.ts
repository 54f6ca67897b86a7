// The built-in provider: no GPU, no network. Each render runs in a render thread (render-threads.ts)
// with canvas and ffmpeg (render-video.ts).
import { renderInThread } from './render-threads.js';
import type { VideoProvider } from './types.js';

export const builtinProvider: VideoProvider = { name: 'builtin', render: renderInThread };
