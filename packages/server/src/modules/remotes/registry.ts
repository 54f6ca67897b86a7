import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { REMOTE_NAMES, RemoteRefusal, type RemoteName } from '@app/contract';
import type { Db, Queryable } from '../../db/database.js';
import { BusinessError } from '../../lib/errors.js';
import { RspCode } from '../../lib/envelope.js';

/** The state a remote is in: its stable build and, during a canary, the canary's. */
export interface RemoteState {
  /** The remote_releases row holding this state. */
  releaseId: number;
  name: RemoteName;
  url: string;
  entry: string;
  version: string;
  canary: { url: string; entry: string; version: string; percent: number } | null;
  action: 'initial' | 'set' | 'canary' | 'promote' | 'rollback';
  setAt: number;
  setBy: string;
}

/** A build that passed the gate: where it was given, its remoteEntry.js, its version. */
export interface Build {
  url: string;
  entry: string;
  version: string;
}

/** The NOTIFY channel of a change (payload: the remote's name). */
export const REMOTES_CHANNEL = 'remotes_changed';

interface ReleaseRow {
  id: string;
  name: string;
  action: RemoteState['action'];
  url: string;
  entry: string;
  version: string | null;
  canary_url: string | null;
  canary_entry: string | null;
  canary_version: string | null;
  canary_percent: number | null;
  stable_from: string | null;
  set_at_ms: number | string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const RELEASE_COLUMNS = sql`r.id::text AS id, r.name, r.action, r.url, r.entry, r.version, r.canary_url, r.canary_entry,
  r.canary_version, r.canary_percent, r.stable_from::text AS stable_from, (extract(epoch FROM r.set_at) * 1000)::float8 AS set_at_ms`;

function stateOf(row: ReleaseRow & { set_by: string }): RemoteState {
  return {
    releaseId: Number(row.id),
    name: row.name as RemoteName,
    url: row.url,
    entry: row.entry,
    version: row.version ?? '',
    canary:
      row.canary_url !== null && row.canary_entry !== null && row.canary_percent !== null
        ? { url: row.canary_url, entry: row.canary_entry, version: row.canary_version ?? '', percent: row.canary_percent }
        : null,
    action: row.action,
    setAt: Math.round(Number(row.set_at_ms)),
    setBy: row.set_by,
  };
}

/**
 * Writes the first value of each remote not yet in the registry (REMOTE_*_URL, or the copy this
 * server hosts). Several processes starting at once write one row each at most: the insert into
 * `remotes` decides, and a loser's release row is removed with its transaction.
 *
 * A remote whose value is still this server's own build (set by `default`: nobody has set, promoted
 * or rolled it back since) moves to this server's current build when that is another folder — a
 * rebuild and restart (`npm run build && npm start`) runs the new build, as before builds had
 * folders — as a `set` row, so `remotes rollback` returns to the previous build. What a person
 * chose is left alone.
 */
export async function seedRegistry(db: Db, initial: Record<RemoteName, Build & { setBy: string }>, notify = false): Promise<void> {
  for (const name of REMOTE_NAMES) {
    await db.transaction(async (tx) => {
      const { url, entry, version, setBy } = initial[name];
      const [locked] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT release_id::text AS id FROM remotes WHERE name = ${name} FOR UPDATE`));
      if (locked) {
        if (setBy !== 'default') return;
        const [current] = rowsOf<ReleaseRow & { set_by: string }>(
          await tx.execute(sql`SELECT ${RELEASE_COLUMNS}, r.set_by FROM remote_releases r WHERE r.id = ${locked.id}::bigint`),
        );
        if (!current || current.set_by !== 'default' || current.canary_url !== null || current.entry === entry) return;
        const release = await insertRelease(tx, name, { action: 'set', ...plainBuild({ url, entry, version }) }, setBy);
        await pointTo(tx, name, release, notify);
        return;
      }
      const release = await insertRelease(tx, name, { action: 'initial', ...plainBuild({ url, entry, version }) }, setBy);
      const inserted = rowsOf(
        await tx.execute(sql`INSERT INTO remotes (name, release_id) VALUES (${name}, ${release.id}::bigint) ON CONFLICT (name) DO NOTHING RETURNING name`),
      );
      if (inserted.length === 0) await tx.execute(sql`DELETE FROM remote_releases WHERE id = ${release.id}::bigint`);
    });
  }
}

/** Every remote's current state. */
export async function currentStates(db: Queryable): Promise<RemoteState[]> {
  const rows = rowsOf<ReleaseRow & { set_by: string }>(
    await db.execute(sql`SELECT ${RELEASE_COLUMNS}, r.set_by FROM remotes m JOIN remote_releases r ON r.id = m.release_id ORDER BY m.name`),
  );
  return rows.map(stateOf);
}

/** The newest release id: what a process compares to know whether anything changed. */
export async function latestReleaseId(db: Queryable): Promise<number> {
  const [row] = rowsOf<{ id: string | null }>(await db.execute(sql`SELECT max(release_id)::text AS id FROM remotes`));
  return Number(row?.id ?? 0);
}

type Change =
  | { kind: 'set'; build: Build; percent: number | undefined }
  | { kind: 'promote' }
  | { kind: 'rollback' };

/**
 * Applies one change to a remote: the remote's row is locked for the transaction, so concurrent
 * changes of one remote apply one after the other, each on the state the previous one left.
 * The other processes hear of it by NOTIFY (PostgreSQL) or their poll.
 */
export async function changeRemote(db: Db, name: RemoteName, change: Change, setBy: string, notify: boolean): Promise<RemoteState> {
  return db.transaction(async (tx) => {
    // Locked on its own first: a join locked FOR UPDATE would, after waiting for another change,
    // recheck the new pointer against the old release and find no row (PostgreSQL's READ COMMITTED).
    const [locked] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT release_id::text AS id FROM remotes WHERE name = ${name} FOR UPDATE`));
    const [current] = locked
      ? rowsOf<ReleaseRow>(await tx.execute(sql`SELECT ${RELEASE_COLUMNS} FROM remote_releases r WHERE r.id = ${locked.id}::bigint`))
      : [];
    if (!current) throw new Error(`remote ${name} is not in the registry`);
    const release = await insertRelease(tx, name, await nextRelease(tx, current, change), setBy);
    await pointTo(tx, name, release, notify);
    return stateOf(release);
  });
}

/** A release of a build alone (no canary), everyone's from this row on. */
function plainBuild(build: Build): Omit<NextRelease, 'action'> {
  return { url: build.url, entry: build.entry, version: build.version || null, canaryUrl: null, canaryEntry: null, canaryVersion: null, canaryPercent: null, stableFrom: null };
}

/** Writes one row of a remote's history (every change is one; the remote points at its newest). */
async function insertRelease(tx: Queryable, name: RemoteName, next: NextRelease, setBy: string): Promise<ReleaseRow & { set_by: string }> {
  const [inserted] = rowsOf<ReleaseRow & { set_by: string }>(
    await tx.execute(sql`WITH r AS (
        INSERT INTO remote_releases (name, action, url, entry, version, canary_url, canary_entry, canary_version, canary_percent, stable_from, set_by)
        VALUES (${name}, ${next.action}, ${next.url}, ${next.entry}, ${next.version}, ${next.canaryUrl}, ${next.canaryEntry},
          ${next.canaryVersion}, ${next.canaryPercent}, ${next.stableFrom}::bigint, ${setBy})
        RETURNING *
      ) SELECT ${RELEASE_COLUMNS}, r.set_by FROM r`),
  );
  if (!inserted) throw new Error(`remote ${name}: INSERT INTO remote_releases returned no row`);
  return inserted;
}

/** Makes `release` the remote's state, and tells the other processes (PostgreSQL) when asked to. */
async function pointTo(tx: Queryable, name: RemoteName, release: ReleaseRow, notify: boolean): Promise<void> {
  await tx.execute(sql`UPDATE remotes SET release_id = ${release.id}::bigint WHERE name = ${name}`);
  if (notify) await tx.execute(sql`SELECT pg_notify(${REMOTES_CHANNEL}, ${name})`);
}

interface NextRelease {
  action: RemoteState['action'];
  url: string;
  entry: string;
  version: string | null;
  canaryUrl: string | null;
  canaryEntry: string | null;
  canaryVersion: string | null;
  canaryPercent: number | null;
  /** The row that made this stable build everyone's; null: the new row itself. */
  stableFrom: string | null;
}

/** Where the current stable build came from: its own row, or the one it carries on from. */
const stableOrigin = (row: ReleaseRow): string => row.stable_from ?? row.id;

async function nextRelease(tx: Queryable, current: ReleaseRow, change: Change): Promise<NextRelease> {
  const keepStable = { url: current.url, entry: current.entry, version: current.version, stableFrom: stableOrigin(current) };
  const noCanary = { canaryUrl: null, canaryEntry: null, canaryVersion: null, canaryPercent: null };
  switch (change.kind) {
    case 'set': {
      const { build, percent } = change;
      if (percent === undefined) {
        return { action: 'set', url: build.url, entry: build.entry, version: build.version || null, ...noCanary, stableFrom: null };
      }
      return {
        action: 'canary',
        ...keepStable,
        canaryUrl: build.url,
        canaryEntry: build.entry,
        canaryVersion: build.version || null,
        canaryPercent: percent,
      };
    }
    case 'promote': {
      if (current.canary_url === null || current.canary_entry === null) throw new BusinessError(RspCode.invalidParam, RemoteRefusal.noCanary);
      return { action: 'promote', url: current.canary_url, entry: current.canary_entry, version: current.canary_version, ...noCanary, stableFrom: null };
    }
    case 'rollback': {
      // A canary is dropped first; otherwise the stable build goes back to the one before the row
      // that made it everyone's (so rolling back twice goes back two builds).
      if (current.canary_url !== null) return { action: 'rollback', ...keepStable, ...noCanary };
      const [before] = rowsOf<ReleaseRow>(
        await tx.execute(sql`SELECT ${RELEASE_COLUMNS} FROM remote_releases r
          WHERE r.name = ${current.name} AND r.id < ${stableOrigin(current)}::bigint ORDER BY r.id DESC LIMIT 1`),
      );
      if (!before) throw new BusinessError(RspCode.invalidParam, RemoteRefusal.noEarlier);
      return { action: 'rollback', url: before.url, entry: before.entry, version: before.version, ...noCanary, stableFrom: stableOrigin(before) };
    }
  }
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new deploy token of one remote: 256 random bits, returned once, kept as its hash. */
export async function createDeployToken(db: Db, name: RemoteName): Promise<string> {
  const token = `dt_${name}_${randomBytes(32).toString('base64url')}`;
  await db.execute(sql`INSERT INTO remote_deploy_tokens (token_hash, name) VALUES (${hashToken(token)}, ${name})`);
  return token;
}

/** The remote a deploy token may change, or undefined when it is none. */
export async function remoteOfDeployToken(db: Db, token: string): Promise<RemoteName | undefined> {
  const [row] = rowsOf<{ name: string }>(await db.execute(sql`SELECT name FROM remote_deploy_tokens WHERE token_hash = ${hashToken(token)}`));
  return row?.name as RemoteName | undefined;
}

/** Which of two builds a device gets during a canary: stable per device, `percent` % of devices. */
export function inCanary(device: string, percent: number): boolean {
  const bucket = createHash('sha256').update(device).digest().readUInt32BE(0) % 100;
  return bucket < percent;
}
