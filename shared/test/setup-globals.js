// The build-time constants webpack defines (webpack.config.base.ts), as the tests see them.
globalThis.__APP_ENV__ = 'develop';
globalThis.__API_BASE_URLS__ = { develop: '', trial: '', release: '' };
globalThis.__SERVICE_WORKER__ = false;

// Browsers have TextEncoder/TextDecoder; jsdom does not (react-router reads them when it loads).
const { TextDecoder, TextEncoder } = require('node:util');
globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;

// Browsers have Request; jsdom does not, and Node's own refuses jsdom's AbortSignal. react-router's
// router makes one per navigation and reads its url, method and signal: that much, as a browser has it.
if (typeof globalThis.Request === 'undefined') {
  globalThis.Request = class Request {
    constructor(input, init = {}) {
      this.url = String(input instanceof Object && 'url' in input ? input.url : input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = init.headers ?? {};
      this.body = init.body ?? null;
    }
  };
}

// Testing Library's findBy…/waitFor give up after 1 s by default, which a render can outlast on
// CI's two cores shared with PostgreSQL, ffmpeg and the server suites. They still go on as soon as
// what they wait for is there; only a failure takes longer to say so.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
