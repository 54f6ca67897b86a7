import type { ComponentType } from 'react';
import type { PageDef } from '@app/shared';

export const LOADING_DELAY_MS = 200;
export const LOAD_TIMEOUT_MS = 60000;

export type PageLoad =
  | { status: 'loading' }
  | { status: 'ready'; component: ComponentType }
  | { status: 'error'; error: unknown };

export interface PageLoaderDeps {
  load(page: PageDef): Promise<ComponentType>;
  /** Called before a retry, to clear what the failed attempt left behind. */
  reset(page: PageDef): void;
  timeoutMs?: number;
}

const keyOf = (page: PageDef) => `${page.remote}/${page.module}`;

/** One object: React's useSyncExternalStore needs a stable answer while nothing changed. */
const LOADING: PageLoad = { status: 'loading' };

/**
 * Loads each page's module once and remembers the outcome. A load that fails or takes longer
 * than 60 s ends in `error`; `retry` starts a fresh attempt (no reload of the app).
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

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private start(page: PageDef): Promise<void> {
    const key = keyOf(page);
    this.set(key, LOADING);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), this.deps.timeoutMs ?? LOAD_TIMEOUT_MS);
    });
    const run = Promise.race([this.deps.load(page), timeout])
      .then(
        (component) => this.set(key, { status: 'ready', component }),
        (error: unknown) => this.set(key, { status: 'error', error }),
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
