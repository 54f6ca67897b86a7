import { EventEmitter } from 'node:events';

/**
 * How the API tells workers at once that a task was queued (so an idle worker starts it now, not
 * at its next poll) or cancelled (so the worker rendering it stops). In one process an event
 * emitter; on PostgreSQL also NOTIFY/LISTEN, so workers in other processes hear it too.
 * A lost signal costs only time: workers poll, and check their task at every progress update.
 */
export interface TaskSignals {
  /** A task was queued; call after its transaction committed. */
  queued(): Promise<void>;
  /** A task was cancelled (or deleted while live); call after its transaction committed. */
  cancelled(taskId: number): Promise<void>;
  /** Returns what removes the listener. */
  onQueued(listener: () => void): () => void;
  onCancelled(listener: (taskId: number) => void): () => void;
  /** Resolves when signals from other processes reach this one's listeners. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The signals of one process: what PGlite (one process owns the database) needs, and the base of the PostgreSQL ones. */
export class LocalSignals implements TaskSignals {
  private readonly events = new EventEmitter().setMaxListeners(0);

  async queued(): Promise<void> {
    this.emitQueued();
  }

  async cancelled(taskId: number): Promise<void> {
    this.emitCancelled(taskId);
  }

  emitQueued(): void {
    this.events.emit('queued');
  }

  emitCancelled(taskId: number): void {
    this.events.emit('cancelled', taskId);
  }

  onQueued(listener: () => void): () => void {
    this.events.on('queued', listener);
    return () => void this.events.off('queued', listener);
  }

  onCancelled(listener: (taskId: number) => void): () => void {
    this.events.on('cancelled', listener);
    return () => void this.events.off('cancelled', listener);
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }
}
