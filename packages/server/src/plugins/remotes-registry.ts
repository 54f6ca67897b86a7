import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from '@app/contract';
import { appPlugin } from '../lib/app-plugin.js';
import { isAdminToken } from '../modules/admin/admin-token.js';
import { PgListener } from '../modules/queue/pg-listener.js';
import { isSafeBuildFolder } from '../modules/remotes/build-folders.js';
import { checkBuild, readShellFacts, type Fetcher } from '../modules/remotes/gate.js';
import {
  changeRemote,
  currentStates,
  inCanary,
  latestReleaseId,
  REMOTES_CHANNEL,
  remoteOfDeployToken,
  seedRegistry,
  type Build,
  type RemoteState,
} from '../modules/remotes/registry.js';
import { origins } from './security-headers.js';

/** Without LISTEN (PGlite, or a database handed over without its URL): how often a process looks for changes. */
export const POLL_MS = 1000;
/** With LISTEN: a look now and then all the same, in case a notification was lost. */
const BACKSTOP_POLL_MS = 10_000;
/** A manifest that takes longer than this to arrive counts as one that cannot be fetched. */
const MANIFEST_TIMEOUT_MS = 10_000;

/** Who made a change: `admin`, or `deploy:<remote>` for a deploy token. */
type Actor = string;

export interface RemotesRegistry {
  /** Every remote's state as this process knows it (at most ~1 s behind the database). */
  states(): RemoteState[];
  /** Each remote's remoteEntry.js for this device (the canary's when the device is in it). */
  entriesFor(device: string | undefined): Record<RemoteName, string>;
  set(name: RemoteName, url: string, percent: number | undefined, by: Actor): Promise<RemoteState>;
  promote(name: RemoteName, by: Actor): Promise<RemoteState>;
  rollback(name: RemoteName, by: Actor): Promise<RemoteState>;
  /** Re-reads the database now (the poll and LISTEN call it). */
  refresh(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    remotes: RemotesRegistry;
    /**
     * onRequest hook of a call a deploy token may make (contract `deploy`): the admin token, or a
     * deploy token of the remote in the path's `:name`; otherwise a plain 401 `{ msg }`.
     */
    requireDeploy: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
  interface FastifyRequest {
    /** Who is making a registry change (`admin` or `deploy:<remote>`), set by requireDeploy. */
    remotesActor?: string;
  }
}

/**
 * The remotes registry of this process: seeded from REMOTE_*_URL on first start, read from the
 * database into memory, and kept current — on PostgreSQL by LISTEN/NOTIFY (a change reaches every
 * API process at once), otherwise by a poll every second. /remotes.json answers from memory, so
 * no request waits on, or fails with, the database while a change goes through.
 */
export const remotesRegistry = appPlugin('remotes-registry', async (app) => {
  const { config } = app;
  await seedRegistry(app.db, await initialBuilds(app), app.database.engine === 'postgres');

  let states = await currentStates(app.db);
  let latest = Math.max(0, ...states.map((s) => s.releaseId));
  const publish = (next: RemoteState[]) => {
    states = next;
    latest = Math.max(0, ...next.map((s) => s.releaseId));
    app.remoteOrigins.origins = origins(next.flatMap((s) => [s.entry, s.canary?.entry]));
  };
  publish(states);

  let refreshing: Promise<void> | undefined;
  const refresh = (): Promise<void> =>
    (refreshing ??= (async () => {
      try {
        if ((await latestReleaseId(app.db)) !== latest) publish(await currentStates(app.db));
      } catch (error) {
        // The answers keep the last known state; the next look tries again.
        app.log.warn({ err: error }, 'remotes registry: reading the database failed');
      } finally {
        refreshing = undefined;
      }
    })());

  const listener =
    app.database.engine === 'postgres' && config.databaseUrl
      ? new PgListener(config.databaseUrl, { [REMOTES_CHANNEL]: () => void refresh() }, app.log, () => void refresh())
      : undefined;
  const timer = setInterval(() => void refresh(), listener ? BACKSTOP_POLL_MS : POLL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await listener?.close();
    await refreshing;
  });
  await listener?.ready();

  const fetchText: Fetcher = async (url) => {
    if (url.startsWith('/')) {
      const res = await app.inject({ method: 'GET', url });
      return { status: res.statusCode, body: res.body };
    }
    const res = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS), redirect: 'follow' });
    return { status: res.status, body: await res.text() };
  };

  const notify = app.database.engine === 'postgres';
  // This process's own answers are current at once, whatever the poll does.
  const applied = async (state: RemoteState) => {
    await refreshing;
    publish(await currentStates(app.db));
    return state;
  };

  app.decorate('remotes', {
    states: () => states,
    entriesFor: (device) => {
      const entries = {} as Record<RemoteName, string>;
      for (const state of states) {
        entries[state.name] = state.canary && device !== undefined && inCanary(device, state.canary.percent) ? state.canary.entry : state.entry;
      }
      return entries;
    },
    set: async (name, url, percent, by) => {
      const build = await checkBuild(name, url, await readShellFacts(config.webRoot), fetchText);
      return applied(await changeRemote(app.db, name, { kind: 'set', build, percent }, by, notify));
    },
    promote: async (name, by) => applied(await changeRemote(app.db, name, { kind: 'promote' }, by, notify)),
    rollback: async (name, by) => applied(await changeRemote(app.db, name, { kind: 'rollback' }, by, notify)),
    refresh,
  } satisfies RemotesRegistry);

  app.decorate('requireDeploy', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (given !== '' && isAdminToken(given, app.adminToken)) {
      request.remotesActor = 'admin';
      return undefined;
    }
    const name = (request.params as { name?: string }).name;
    const owner = given === '' ? undefined : await remoteOfDeployToken(app.db, given);
    if (owner !== undefined && owner === name) {
      request.remotesActor = `deploy:${owner}`;
      return undefined;
    }
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer')
      .send({ msg: given === '' ? '缺少管理令牌或部署令牌' : owner !== undefined ? `这个部署令牌只能改 ${owner}` : '令牌无效' });
  });
});

/**
 * The first value of each remote: REMOTE_*_URL, else the copy this server hosts — its current
 * build's folder (dist/current.json, written by the build: webpack.config.base.ts), or dist
 * itself for a build made before builds had folders. Its version is read from the manifest beside it.
 */
async function initialBuilds(app: FastifyInstance): Promise<Record<RemoteName, Build & { setBy: string }>> {
  const builds = {} as Record<RemoteName, Build & { setBy: string }>;
  for (const name of REMOTE_NAMES) {
    const url = app.config.remoteUrls[name];
    const variable = `REMOTE_${name.toUpperCase()}_URL`;
    if (url !== `/remotes/${name}/remoteEntry.js`) {
      builds[name] = { url, entry: url, version: '', setBy: variable };
      continue;
    }
    const dist = path.join(app.config.webRoot, `remote-${name}`, 'dist');
    const folder = await currentBuild(dist);
    const entry = folder ? `/remotes/${name}/${folder}/remoteEntry.js` : url;
    builds[name] = { url: entry, entry, version: await localVersion(folder ? path.join(dist, folder) : dist), setBy: 'default' };
  }
  return builds;
}

/** The folder of a remote's current build, as dist/current.json names it; undefined when there is none. */
export async function currentBuild(dist: string): Promise<string | undefined> {
  try {
    const { build } = JSON.parse(await readFile(path.join(dist, 'current.json'), 'utf8')) as { build?: unknown };
    return typeof build === 'string' && isSafeBuildFolder(build) ? build : undefined;
  } catch {
    return undefined;
  }
}

async function localVersion(build: string): Promise<string> {
  try {
    const manifest = JSON.parse(await readFile(path.join(build, 'mf-manifest.json'), 'utf8')) as {
      metaData?: { buildInfo?: { buildVersion?: unknown } };
    };
    const version = manifest.metaData?.buildInfo?.buildVersion;
    return typeof version === 'string' ? version : '';
  } catch {
    return '';
  }
}
