import type { Database } from '../../db/database.js';
import type { ListenerLog } from './pg-listener.js';
import { PgSignals } from './pg-signals.js';
import { LocalSignals, type TaskSignals } from './signals.js';

/** PostgreSQL (other processes may share the queue): NOTIFY/LISTEN; PGlite (this process owns it): in-process. */
export function createSignals(database: Database, databaseUrl: string | undefined, log: ListenerLog): TaskSignals {
  return database.engine === 'postgres' && databaseUrl ? new PgSignals(database.db, databaseUrl, log) : new LocalSignals();
}
