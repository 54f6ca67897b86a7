// Callers (the worker, its tests) tell a cancel from a failure by err.name === 'AbortError', as
// with fetch; an AbortSignal's reason may be anything, so it is kept as the cause, not thrown.
export class RenderAbortedError extends Error {
  override readonly name = 'AbortError';

  constructor(reason?: unknown) {
    super('The render was aborted', { cause: reason });
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new RenderAbortedError(signal.reason);
}
