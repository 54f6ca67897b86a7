import { Client } from 'pg';

export interface ListenerLog {
  warn(object: Record<string, unknown>, message: string): void;
}

/** After a lost connection, the next try waits this long (workers poll meanwhile). */
const RECONNECT_DELAY_MS = 1000;

/**
 * A dedicated connection LISTENing on some channels (a pooled connection would be handed to other
 * queries). Reconnects when the connection drops, and then calls `onReconnect`, since whatever was
 * notified in between is lost.
 */
export class PgListener {
  private client: Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly firstConnect: Promise<void>;
  private resolveFirst!: () => void;

  constructor(
    private readonly databaseUrl: string,
    private readonly channels: Record<string, (payload: string) => void>,
    private readonly log: ListenerLog,
    private readonly onReconnect: () => void,
  ) {
    this.firstConnect = new Promise((resolve) => (this.resolveFirst = resolve));
    void this.connect(false);
  }

  /** Resolves once the first LISTEN is in place (or the listener closed). */
  ready(): Promise<void> {
    return this.firstConnect;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.resolveFirst();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(isRetry: boolean): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.databaseUrl });
    this.client = client;
    client.on('notification', (message) => this.channels[message.channel]?.(message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      for (const channel of Object.keys(this.channels)) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    this.resolveFirst();
    if (isRetry) this.onReconnect();
  }

  private lost(client: Client, error: unknown): void {
    // Only the current connection counts: the end of one already given up on is no news.
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.log.warn({ err: error }, 'task signals: LISTEN connection lost; reconnecting');
    client.end().catch(() => undefined);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect(true);
    }, RECONNECT_DELAY_MS);
  }
}
