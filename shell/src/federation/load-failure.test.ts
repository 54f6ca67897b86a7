import { getShortErrorMsg, RUNTIME_008, RUNTIME_014, runtimeDescMap } from '@module-federation/error-codes';
import { LoadTimeout } from '../app/page-loader';
import { classifyLoadError, failedUrl, LoadFailure, probeUrl, type ProbeResult } from './load-failure';

const ENTRY = 'https://cdn.example.com/account/1.0.1/remoteEntry.js';
const CHUNK = 'https://cdn.example.com/account/1.0.1/src_Mine_tsx.js';

/** The entry loader's error, as runtime-core's utils/load.ts builds it around the SDK's loadScript error. */
function entryError(original: string): Error {
  return new Error(getShortErrorMsg(RUNTIME_008, runtimeDescMap, { remoteName: 'remoteAccount', resourceUrl: ENTRY }, original));
}
const networkError = `ScriptNetworkError: Failed to load script "${ENTRY}" - the script URL is unreachable or the server returned an error (network failure, 404, CORS, etc.)`;

/** webpack's JSONP chunk loader's error (its runtime's `__webpack_require__.e` → `.l`). */
function chunkError(type: 'error' | 'missing' | 'timeout'): Error {
  const error = new Error(`Loading chunk src_Mine_tsx failed.\n(${type}: ${CHUNK})`) as Error & { type: string; request: string };
  error.name = 'ChunkLoadError';
  error.type = type;
  error.request = CHUNK;
  return error;
}

describe('classifyLoadError', () => {
  const probes: string[] = [];
  const probe = (answer: ProbeResult) => async (url: string) => {
    probes.push(url);
    return answer;
  };
  beforeEach(() => (probes.length = 0));

  it('tells a missing entry from a refused one by asking its URL again', async () => {
    await expect(classifyLoadError(entryError(networkError), probe('missing'))).resolves.toBe('missing');
    await expect(classifyLoadError(entryError(networkError), probe('network'))).resolves.toBe('network');
    // There on a second look: it failed in passing.
    await expect(classifyLoadError(entryError(networkError), probe('reachable'))).resolves.toBe('network');
    expect(probes).toEqual([ENTRY, ENTRY, ENTRY]);
  });

  it('names an entry that timed out, and one that threw while it ran, without a probe', async () => {
    await expect(classifyLoadError(entryError(`ScriptNetworkError: Script "${ENTRY}" timed out.`), probe('missing'))).resolves.toBe('timeout');
    const threw = `ScriptExecutionError: Script "${ENTRY}" loaded but threw a runtime error during execution: boom (${ENTRY}:1:1)`;
    await expect(classifyLoadError(entryError(threw), probe('missing'))).resolves.toBe('crashed');
    expect(probes).toEqual([]);
  });

  it('names a chunk webpack could not load by its type and a probe of its URL', async () => {
    await expect(classifyLoadError(chunkError('error'), probe('missing'))).resolves.toBe('missing');
    await expect(classifyLoadError(chunkError('missing'), probe('network'))).resolves.toBe('network');
    await expect(classifyLoadError(chunkError('timeout'), probe('missing'))).resolves.toBe('timeout');
    const css = Object.assign(new Error(`Loading CSS chunk 12 failed.\n(${CHUNK})`), { code: 'CSS_CHUNK_LOAD_FAILED', type: 'error', request: CHUNK });
    await expect(classifyLoadError(css, probe('missing'))).resolves.toBe('missing');
    expect(probes).toEqual([CHUNK, CHUNK, CHUNK]);
  });

  it('takes the shell’s own verdicts as they are: the gate, the manifest, the 60 s', async () => {
    await expect(classifyLoadError(new LoadFailure('incompatible', 'x'), probe('missing'))).resolves.toBe('incompatible');
    await expect(classifyLoadError(new LoadFailure('missing', 'x'), probe('network'))).resolves.toBe('missing');
    await expect(classifyLoadError(new LoadTimeout(60000), probe('missing'))).resolves.toBe('timeout');
    expect(probes).toEqual([]);
  });

  it('calls a module the container does not expose incompatible, and anything a page throws a crash', async () => {
    const notExposed = new Error(getShortErrorMsg(RUNTIME_014, runtimeDescMap, { remoteName: 'remoteAccount', expose: './Mine' }));
    await expect(classifyLoadError(notExposed, probe('missing'))).resolves.toBe('incompatible');
    await expect(classifyLoadError(new TypeError('formatPoints is not a function'), probe('missing'))).resolves.toBe('crashed');
    await expect(classifyLoadError('a string', probe('missing'))).resolves.toBe('crashed');
    expect(probes).toEqual([]);
  });
});

describe('failedUrl', () => {
  it('reads the URL from a chunk error and from the entry error’s args', () => {
    expect(failedUrl(chunkError('error'))).toBe(CHUNK);
    expect(failedUrl(entryError(networkError))).toBe(ENTRY);
    expect(failedUrl(new Error('args: {not json}'))).toBeUndefined();
    expect(failedUrl(null)).toBeUndefined();
  });
});

describe('probeUrl', () => {
  const answer = (fn: () => Promise<Partial<Response>>) => {
    global.fetch = jest.fn(fn) as unknown as typeof fetch;
  };

  it('asks with HEAD past the caches and reads 404 and 410 as missing', async () => {
    answer(async () => ({ status: 404, ok: false }));
    await expect(probeUrl(CHUNK)).resolves.toBe('missing');
    expect(global.fetch).toHaveBeenCalledWith(CHUNK, { method: 'HEAD', cache: 'no-store' });
    answer(async () => ({ status: 410, ok: false }));
    await expect(probeUrl(CHUNK)).resolves.toBe('missing');
  });

  it('reads a refused connection and a server error as network, a 200 as reachable', async () => {
    answer(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(probeUrl(CHUNK)).resolves.toBe('network');
    answer(async () => ({ status: 503, ok: false }));
    await expect(probeUrl(CHUNK)).resolves.toBe('network');
    answer(async () => ({ status: 200, ok: true }));
    await expect(probeUrl(CHUNK)).resolves.toBe('reachable');
  });
});
