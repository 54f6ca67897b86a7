import { sql } from 'drizzle-orm';
import { REMOTE_REPORT_LIMIT, type LoadFailureKind, type RemoteName } from '@app/contract';
import type { Queryable } from '../../db/database.js';
import { addressGroup } from '../accounts/login-or-register.js';
import { countAttempt, type Limit } from '../rate-limit/rate-limit.js';

/** A load failure a browser reported (@app/contract's reportRemoteFailure body). */
export interface FailureReport {
  remote: RemoteName;
  version: string;
  page: string;
  kind: LoadFailureKind;
}

export interface FailureCount {
  name: RemoteName;
  version: string;
  kind: LoadFailureKind;
  count: number;
}

/** How far back `remotes list` counts. */
export const FAILURE_WINDOW_MS = 3600 * 1000;
/** Rows older than this are of no use to anyone: removed now and then. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

/** Reports are counted per client address (an IPv6 address's /64), like sign-ups. */
export const reportLimit = (clientAddress: string): Limit => ({ key: `remote-report:${addressGroup(clientAddress)}`, ...REMOTE_REPORT_LIMIT });

/** Stores one report, counted first against the caller's address (RateLimitedError, HTTP 429, past the limit). */
export async function recordFailure(db: Queryable, report: FailureReport, clientAddress: string, now = new Date()): Promise<void> {
  await countAttempt(db, reportLimit(clientAddress), now);
  await db.execute(sql`INSERT INTO remote_failures (name, version, page, kind, at)
    VALUES (${report.remote}, ${report.version}, ${report.page}, ${report.kind}, ${now.toISOString()}::timestamptz)`);
  if (Math.random() < 0.01) {
    await db.execute(sql`DELETE FROM remote_failures WHERE at < ${new Date(now.getTime() - KEEP_MS).toISOString()}::timestamptz`);
  }
}

/** Failures reported in the last hour, per remote, version and kind (most first). */
export async function recentFailures(db: Queryable, now = new Date()): Promise<FailureCount[]> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const result = await db.execute(sql`SELECT name, version, kind, count(*)::int AS count FROM remote_failures
    WHERE at > ${since}::timestamptz GROUP BY name, version, kind ORDER BY name, version, count DESC, kind`);
  return (result as unknown as { rows: { name: RemoteName; version: string; kind: LoadFailureKind; count: number | string }[] }).rows.map((r) => ({
    ...r,
    count: Number(r.count),
  }));
}
