import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../src/db/database.js';
import { rowsOf } from '../../../src/db/migrate.js';
import { createSignals } from '../../../src/modules/queue/create-signals.js';
import { PgSignals } from '../../../src/modules/queue/pg-signals.js';
import { LocalSignals, type TaskSignals } from '../../../src/modules/queue/signals.js';
import { createTestDatabase, postgresAvailable } from '../../helpers/postgres.js';
import { openMigratedPglite } from '../../helpers/migrated.js';

const quiet = { warn: () => undefined };

/** Resolves with the first value `subscribe` delivers, or rejects after `ms`. */
function first<T>(subscribe: (listener: (value: T) => void) => () => void, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`nothing within ${ms} ms`));
    }, ms);
    const off = subscribe((value) => {
      clearTimeout(timer);
      off();
      resolve(value);
    });
  });
}

describe('LocalSignals', () => {
  it('tells this process\'s listeners, until they unsubscribe', async () => {
    const signals = new LocalSignals();
    const heard: unknown[] = [];
    const offQueued = signals.onQueued(() => heard.push('queued'));
    const offCancelled = signals.onCancelled((id) => heard.push(id));
    await signals.queued();
    await signals.cancelled(7);
    offQueued();
    offCancelled();
    await signals.queued();
    expect(heard).toEqual(['queued', 7]);
    await signals.close();
  });

  it('is what PGlite gets', async () => {
    const database = await openMigratedPglite();
    try {
      expect(createSignals(database, undefined, quiet)).toBeInstanceOf(LocalSignals);
      expect(createSignals(database, undefined, quiet)).not.toBeInstanceOf(PgSignals);
    } finally {
      await database.close();
    }
  }, 60_000);
});

(postgresAvailable() ? describe : describe.skip)('PgSignals (PostgreSQL)', () => {
  let url: string;
  let drop: () => Promise<void>;
  let api: Database;
  let worker: Database;
  const opened: TaskSignals[] = [];
  const signalsOn = (database: Database) => {
    const signals = createSignals(database, url, quiet);
    opened.push(signals);
    return signals;
  };

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase());
    api = await openDatabase({ databaseUrl: url });
    worker = await openDatabase({ databaseUrl: url });
  }, 60_000);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
    await drop?.();
  });

  const listeners = async () =>
    rowsOf<{ pid: number }>(await api.db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`));

  it('wakes workers of another process on a save there', async () => {
    // No poll in the signals: only the NOTIFY can wake the listener (no clock in the check).
    const there = signalsOn(worker);
    const woken = first<void>((l) => there.onQueued(l), 20_000);
    await there.ready();
    await signalsOn(api).queued();
    await expect(woken).resolves.toBeUndefined();
  });

  it('carries the id of a cancelled task to another process', async () => {
    const there = signalsOn(worker);
    const heard = first<number>((l) => there.onCancelled(l), 2000);
    await there.ready();
    await signalsOn(api).cancelled(12345);
    expect(await heard).toBe(12345);
  });

  it('holds no LISTEN connection in a process that only sends (an API-only process)', async () => {
    const sender = signalsOn(api);
    await sender.queued();
    await sender.ready();
    expect(await listeners()).toEqual([]);
  });

  it('listens again after losing its connection, and wakes its workers to look for what it missed', async () => {
    const there = signalsOn(worker);
    there.onQueued(() => undefined);
    await there.ready();
    const [listener] = await listeners();
    expect(listener).toBeDefined();

    const woken = first<void>((l) => there.onQueued(l), 5000);
    await api.db.execute(sql`SELECT pg_terminate_backend(${listener!.pid})`);
    await woken;
    // And signals get through again.
    const heard = first<number>((l) => there.onCancelled(l), 2000);
    await signalsOn(api).cancelled(9);
    expect(await heard).toBe(9);
  }, 15_000);
});
