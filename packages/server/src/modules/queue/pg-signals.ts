import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { PgListener, type ListenerLog } from './pg-listener.js';
import { LocalSignals } from './signals.js';

const QUEUED_CHANNEL = 'video_task';
const CANCEL_CHANNEL = 'task_cancel';

/**
 * Task signals across processes on one PostgreSQL: every signal is emitted here at once and
 * NOTIFYed for the others. A process LISTENs (on its own connection) only once something here
 * listens, so an API-only process holds no extra connection. A process hears its own NOTIFY as
 * well; a second wake-up or abort is harmless.
 */
export class PgSignals extends LocalSignals {
  private listener: PgListener | undefined;

  constructor(
    private readonly db: Db,
    private readonly databaseUrl: string,
    private readonly log: ListenerLog,
  ) {
    super();
  }

  override async queued(): Promise<void> {
    this.emitQueued();
    await this.db.execute(sql`SELECT pg_notify(${QUEUED_CHANNEL}, '')`);
  }

  override async cancelled(taskId: number): Promise<void> {
    this.emitCancelled(taskId);
    await this.db.execute(sql`SELECT pg_notify(${CANCEL_CHANNEL}, ${String(taskId)})`);
  }

  override onQueued(listener: () => void): () => void {
    this.listen();
    return super.onQueued(listener);
  }

  override onCancelled(listener: (taskId: number) => void): () => void {
    this.listen();
    return super.onCancelled(listener);
  }

  override async ready(): Promise<void> {
    await this.listener?.ready();
  }

  override async close(): Promise<void> {
    await this.listener?.close();
    await super.close();
  }

  private listen(): void {
    this.listener ??= new PgListener(
      this.databaseUrl,
      {
        [QUEUED_CHANNEL]: () => this.emitQueued(),
        [CANCEL_CHANNEL]: (payload) => {
          const taskId = Number(payload);
          if (Number.isSafeInteger(taskId)) this.emitCancelled(taskId);
        },
      },
      this.log,
      // Notifications sent while the connection was down are lost: have the workers look now.
      () => this.emitQueued(),
    );
  }
}
