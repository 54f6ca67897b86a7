import type { ComponentType } from 'react';
import type { LoadFailureKind } from '@app/contract';
import type { PageDef } from '@app/shared';

export const LOADING_DELAY_MS = 200;
export const LOAD_TIMEOUT_MS = 60000;
/** The shortest time-out a page's address may ask for (`loadTimeoutFrom`). */
export const MIN_LOAD_TIMEOUT_MS = 1000;

/**
 * The time-out for page loads: LOAD_TIMEOUT_MS, or a shorter one the page's address asks for with
 * `?loadTimeoutMs=N` (MIN_LOAD_TIMEOUT_MS ≤ N ≤ LOAD_TIMEOUT_MS; anything else is ignored) — so a
 * browser test of the time-out need not wait out the 60 s. It can only shorten the wait of the
 * tab that asks.
 */
export function loadTimeoutFrom(search: string): number {
  const asked = new URLSearchParams(search).get('loadTimeoutMs');
  const ms = asked !== null && /^\d+$/.test(asked) ? Number(asked) : NaN;
  return ms >= MIN_LOAD_TIMEOUT_MS && ms <= LOAD_TIMEOUT_MS ? ms : LOAD_TIMEOUT_MS;
}

export type PageLoad =
  | { status: 'loading' }
  | { status: 'ready'; component: ComponentType }
  | { status: 'error'; error: unknown; kind: LoadFailureKind };

export interface PageLoaderDeps {
  load(page: PageDef): Promise<ComponentType>;
  /** Called before a retry, to clear what the failed attempt left behind. */
  reset(page: PageDef): void;
  /**
   * Names a failure (a missing file, no connection, a time-out, an incompatible build, a page that
   * throws) and tells the console and the server; `error` is a LoadTimeout when the time ran out.
   */
  failed(page: PageDef, error: unknown): Promise<LoadFailureKind>;
  /** LOAD_TIMEOUT_MS unless given (loadTimeoutFrom). */
  timeoutMs?: number;
}

/** The load took longer than its time-out (LOAD_TIMEOUT_MS). */
export class LoadTimeout extends Error {
  constructor(ms: number) {
    super(`page load timed out after ${ms} ms`);
    this.name = 'LoadTimeout';
  }
}

const keyOf = (page: PageDef) => `${page.remote}/${page.module}`;

/** One object: React's useSyncExternalStore needs a stable answer while nothing changed. */
const LOADING: PageLoad = { status: 'loading' };

/**
 * Loads each page's module once and remembers the outcome. A load that fails or takes longer
 * than 60 s ends in `error`, named by `failed`; `retry` starts a fresh attempt (no reload of the app).
 */
export class PageLoader {
  private readonly loads = new Map<string, PageLoad>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: PageLoaderDeps) {}

  get(page: PageDef): PageLoad {
    return this.loads.get(keyOf(page)) ?? LOADING;
  }

  /** Starts loading if nothing is known yet; settles (never rejects) when the page is ready or failed. */
  ensure(page: PageDef): Promise<void> {
    const key = keyOf(page);
    const known = this.loads.get(key);
    if (known && known.status !== 'loading') return Promise.resolve();
    return this.inFlight.get(key) ?? this.start(page);
  }

  retry(page: PageDef): Promise<void> {
    const key = keyOf(page);
    if (this.loads.get(key)?.status !== 'error') return this.ensure(page);
    this.deps.reset(page);
    return this.start(page);
  }

  /** A page that threw while rendering: named and reported like a failed load (its boundary shows it). */
  crashed(page: PageDef, error: unknown): Promise<LoadFailureKind> {
    return this.deps.failed(page, error).catch((): LoadFailureKind => 'crashed');
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private start(page: PageDef): Promise<void> {
    const key = keyOf(page);
    this.set(key, LOADING);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ms = this.deps.timeoutMs ?? LOAD_TIMEOUT_MS;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LoadTimeout(ms)), ms);
    });
    const run = Promise.race([this.deps.load(page), timeout])
      .then(
        (component) => this.set(key, { status: 'ready', component }),
        async (error: unknown) => {
          // Named before it shows: telling a 404 from a refused connection may take one more request.
          const kind = await this.deps.failed(page, error).catch((): LoadFailureKind => 'crashed');
          this.set(key, { status: 'error', error, kind });
        },
      )
      .finally(() => {
        clearTimeout(timer);
        this.inFlight.delete(key);
      });
    this.inFlight.set(key, run);
    return run;
  }

  private set(key: string, load: PageLoad): void {
    this.loads.set(key, load);
    this.listeners.forEach((l) => l());
  }
}
