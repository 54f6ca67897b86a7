import type { LoadFailureKind } from '@app/contract';

/**
 * Why a remote's page did not load, told apart from what the federation runtime and webpack's
 * chunk loader actually throw:
 * - the runtime's entry loader (runtime-core utils/load.ts): an Error whose message carries
 *   `#RUNTIME-008`, `args: {"remoteName":…,"resourceUrl":…}` and the SDK's own error after
 *   `Original Error Message:` — `ScriptNetworkError: … timed out.` (its 20 s), `ScriptNetworkError:
 *   Failed to load script …` (a 404 and a refused connection alike: a script element's onerror
 *   says nothing more), or `ScriptExecutionError` (the entry threw while it ran);
 * - webpack's chunk loader: `ChunkLoadError` with `type` (`error`, `missing`, `timeout`) and
 *   `request` (the chunk's URL); mini-css-extract's `CSS_CHUNK_LOAD_FAILED` the same;
 * - `RUNTIME-014`: the container does not expose the module (a build the gate should have refused).
 * Between a 404 and a refused connection only asking the URL again can tell (`probe`).
 */

/** A failure already named: the shell's own checks (the manifest, the compatibility gate, the time-out). */
export class LoadFailure extends Error {
  constructor(
    readonly kind: LoadFailureKind,
    message: string,
    /** What a console reader needs beyond the message: the problems the gate found, the URL. */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'LoadFailure';
  }
}

/** What a second look at a failed URL found: not there (404/410), not reachable, or there after all. */
export type ProbeResult = 'missing' | 'network' | 'reachable';

/**
 * Asks the URL again (HEAD, past every cache). A remote on another origin must allow CORS for this
 * to read its status (the remotes' hosts do: the shell fetches their manifests the same way);
 * otherwise the answer is `network`.
 */
export async function probeUrl(url: string): Promise<ProbeResult> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    if (res.status === 404 || res.status === 410) return 'missing';
    return res.ok ? 'reachable' : 'network';
  } catch {
    return 'network';
  }
}

interface ChunkError {
  name?: unknown;
  code?: unknown;
  type?: unknown;
  request?: unknown;
  message?: unknown;
}

/** The URL a load error is about: a chunk's `request`, or the entry's `resourceUrl` in RUNTIME-008's args. */
export function failedUrl(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as ChunkError;
  if (typeof e.request === 'string') return e.request;
  if (typeof e.message !== 'string') return undefined;
  const args = /args: (\{.*\})/.exec(e.message);
  if (!args) return undefined;
  try {
    const parsed = JSON.parse(args[1]!) as { resourceUrl?: unknown; remoteEntryUrl?: unknown };
    const url = parsed.resourceUrl ?? parsed.remoteEntryUrl;
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Names a failed load; `probe` is asked only when a file could not be fetched. */
export async function classifyLoadError(error: unknown, probe: (url: string) => Promise<ProbeResult> = probeUrl): Promise<LoadFailureKind> {
  if (error instanceof LoadFailure) return error.kind;
  if (typeof error !== 'object' || error === null) return 'crashed';
  const e = error as ChunkError;
  // The page loader's own 60 s (app/page-loader.ts).
  if (e.name === 'LoadTimeout') return 'timeout';
  const message = typeof e.message === 'string' ? e.message : '';
  const chunkLoad = e.name === 'ChunkLoadError' || e.code === 'CSS_CHUNK_LOAD_FAILED';
  const entryLoad = message.includes('#RUNTIME-008');
  if (chunkLoad || entryLoad) {
    if ((chunkLoad && e.type === 'timeout') || /ScriptNetworkError: Script ".*" timed out/.test(message)) return 'timeout';
    // The entry arrived but threw while it ran: the remote's code is at fault, not the network.
    if (message.includes('ScriptExecutionError')) return 'crashed';
    const url = failedUrl(error);
    if (url === undefined) return 'network';
    // There after all: it failed in passing (a connection dropped), and a tap will likely load it.
    const found = await probe(url);
    return found === 'missing' ? 'missing' : 'network';
  }
  if (message.includes('#RUNTIME-014')) return 'incompatible';
  // Anything else was thrown by the remote's own code: its container's init, its page module.
  return 'crashed';
}
