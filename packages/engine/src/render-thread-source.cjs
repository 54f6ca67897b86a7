// The render thread when the engine runs from its TypeScript source (its tests, the server's, and
// `npm run dev`): the thread compiles it with tsx, as the process that started it does. Built,
// render-threads.ts starts dist/render-thread.js instead.
require('tsx/cjs');
require('./render-thread.ts');
