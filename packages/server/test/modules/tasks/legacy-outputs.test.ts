import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { openDatabase, type Database } from '../../../src/db/database.js';
import { migrate, rowsOf } from '../../../src/db/migrate.js';
import { MIGRATIONS } from '../../../src/db/migrations/index.js';
import { files, videoTasks } from '../../../src/db/schema.js';
import type { FileStore } from '../../../src/modules/storage/store.js';
import { moveLegacyOutputs } from '../../../src/modules/tasks/legacy-outputs.js';
import { issueToken } from '../../../src/modules/sessions/tokens.js';
import { uniquePhone, type Engine } from '../../helpers/engines.js';
import { createTestDatabase, postgresAvailable } from '../../helpers/postgres.js';
import { makeTempDir, removeTempDirs } from '../../helpers/temp-dirs.js';

// A database and files as the code before migration 0004 left them (outputs at
// tasks/<id>/video.mp4), then two servers starting at once: the files move to random keys, once.

const engines: Engine[] = postgresAvailable() ? ['pglite', 'postgres'] : ['pglite'];
const BEFORE_0004 = MIGRATIONS.filter((m) => m.version < '0004');
const SHOWN = 12;
const MOVED_MESSAGE = 'rendered files moved from their old keys to random ones';

const videoBytes = (id: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftypisom old task ${id}`)]);
const coverBytes = (id: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`old cover ${id}`)]);

afterAll(() => removeTempDirs());

describe.each(engines)('moving the outputs stored before 0004 at start-up [%s]', (engine) => {
  const dataDir = makeTempDir();
  const onDisk = (key: string) => path.join(dataDir, 'files', key);
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const logs: string[][] = [];
  let drop: (() => Promise<void>) | undefined;
  let token: string;
  const ids: { shown: number[]; deleted: number; failed: number; queued: number } = { shown: [], deleted: 0, failed: 0, queued: 0 };

  /** A task row as the old code wrote it; answers its id. */
  const insertOldTask = async (db: Database['db'], userId: number, status: string, withKeys: boolean, deleted = false): Promise<number> => {
    const result = await db.execute(sql`
      INSERT INTO video_tasks (user_id, title, prompt, aspect_ratio, duration, cost, status, progress, finished_at, deleted_at)
      VALUES (${userId}, '旧视频', '旧的描述', '9:16', 5, 6, ${status}, ${status === 'succeeded' ? 100 : 0},
              ${status === 'queued' ? null : sql`now()`}, ${deleted ? sql`now()` : null})
      RETURNING id`);
    const id = Number(rowsOf<{ id: string }>(result)[0]!.id);
    if (withKeys) {
      await db.execute(sql`UPDATE video_tasks SET video_key = ${`tasks/${id}/video.mp4`}, cover_key = ${`tasks/${id}/cover.jpg`} WHERE id = ${id}`);
    }
    return id;
  };
  const writeOldFiles = (id: number) => {
    mkdirSync(onDisk(`tasks/${id}`), { recursive: true });
    writeFileSync(onDisk(`tasks/${id}/video.mp4`), videoBytes(id));
    writeFileSync(onDisk(`tasks/${id}/cover.jpg`), coverBytes(id));
  };

  beforeAll(async () => {
    let url: string | undefined;
    if (engine === 'postgres') {
      ({ url, drop } = await createTestDatabase());
      // Two processes: two pools.
      databases.push(await openDatabase({ databaseUrl: url }), await openDatabase({ databaseUrl: url }));
    } else {
      const one = await openDatabase({ pgliteDir: 'memory://' });
      databases.push(one, one);
    }
    const db = databases[0]!.db;
    await migrate(db, BEFORE_0004);
    // The user as a database of then holds it (the schema's later columns are not there yet); its
    // session is issued once the apps have migrated the rest.
    const [made] = rowsOf<{ id: number }>(await db.execute(sql`INSERT INTO users (phone, password_hash, nickname) VALUES (${uniquePhone()}, 'not-a-hash', '旧用户') RETURNING id`));
    const user = { user: { id: Number(made!.id) } };
    for (let i = 0; i < SHOWN; i++) {
      const id = await insertOldTask(db, user.user.id, 'succeeded', true);
      writeOldFiles(id);
      await db.insert(files).values([
        { key: `tasks/${id}/video.mp4`, userId: user.user.id, kind: 'video', contentType: 'video/mp4', size: videoBytes(id).length, uploadedAt: new Date() },
        { key: `tasks/${id}/cover.jpg`, userId: user.user.id, kind: 'cover', contentType: 'image/jpeg', size: coverBytes(id).length, uploadedAt: new Date() },
      ]);
      ids.shown.push(id);
    }
    // Deleted, but removing its files had failed: they were still served.
    ids.deleted = await insertOldTask(db, user.user.id, 'succeeded', true, true);
    writeOldFiles(ids.deleted);
    // A failed render that had stored its files before failing.
    ids.failed = await insertOldTask(db, user.user.id, 'failed', false);
    writeOldFiles(ids.failed);
    ids.queued = await insertOldTask(db, user.user.id, 'queued', false);

    const configFor = () =>
      loadConfig({ LOG_LEVEL: 'info', SEED_TEMPLATES: '0', WORKERS: '0', UPLOAD_RETENTION_HOURS: '0', WEB_ROOT: makeTempDir(), DATA_DIR: dataDir, DATABASE_URL: url });
    for (const database of databases) {
      const lines: string[] = [];
      logs.push(lines);
      apps.push(await buildApp(configFor(), { database, logStream: { write: (line) => lines.push(line) } }));
    }
    // Both at once, as two processes started together.
    await Promise.all(apps.map((app) => app.ready()));
    token = await issueToken(db, user.user.id);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all([...new Set(databases)].map((database) => database.close()));
    await drop?.();
  }, 60_000);

  const rowOf = async (id: number) => (await databases[0]!.db.select().from(videoTasks).where(eq(videoTasks.id, id)))[0]!;
  const get = (url: string) => apps[1]!.inject({ method: 'GET', url });

  it('moves each shown video and cover to its task\'s random keys, with its row, its files rows and its bytes', async () => {
    const tokens = new Set<string>();
    for (const id of ids.shown) {
      const row = await rowOf(id);
      expect(row.outputToken).toMatch(/^[0-9a-f]{64}$/);
      tokens.add(row.outputToken);
      expect(row).toMatchObject({
        videoKey: `tasks/${row.outputToken}/video.mp4`,
        coverKey: `tasks/${row.outputToken}/cover.jpg`,
        legacyOutputs: false,
      });
      expect(readFileSync(onDisk(row.videoKey!))).toEqual(videoBytes(id));
      expect(readFileSync(onDisk(row.coverKey!))).toEqual(coverBytes(id));
      const stored = await databases[0]!.db.select({ key: files.key, kind: files.kind }).from(files).where(sql`${files.key} LIKE ${`tasks/%`}`);
      expect(stored).toEqual(expect.arrayContaining([{ key: row.videoKey, kind: 'video' }, { key: row.coverKey, kind: 'cover' }]));
      const served = await get(`/files/${row.videoKey}`);
      expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([200, 'video/mp4', 'public, max-age=3600']);
    }
    // Each task its own token (the migration's default is drawn per row).
    expect(tokens.size).toBe(SHOWN);
    const detail = await apps[0]!.inject({ method: 'POST', url: '/api/v1/video_task/detail', payload: { token, id: String(ids.shown[0]) } });
    expect(detail.json().data.videoUrl).toBe(`/files/${(await rowOf(ids.shown[0]!)).videoKey}`);
  });

  it('leaves nothing at the old addresses: moved, deleted and failed tasks alike answer 404', async () => {
    for (const id of [...ids.shown, ids.deleted, ids.failed]) {
      for (const name of ['video.mp4', 'cover.jpg']) {
        expect(existsSync(onDisk(`tasks/${id}/${name}`))).toBe(false);
        expect((await get(`/files/tasks/${id}/${name}`)).statusCode).toBe(404);
      }
    }
    expect((await rowOf(ids.deleted)).legacyOutputs).toBe(false);
    expect((await rowOf(ids.failed)).legacyOutputs).toBe(false);
  });

  it('moves each file once between the two servers, and leaves no copy behind', async () => {
    const moved = logs.flat().map((line) => JSON.parse(line) as { msg?: string; moved?: number }).filter((line) => line.msg === MOVED_MESSAGE);
    expect(moved.reduce((sum, line) => sum + line.moved!, 0)).toBe(2 * SHOWN);
    const withFiles = readdirSync(onDisk('tasks')).filter((name) => readdirSync(onDisk(`tasks/${name}`)).length > 0);
    const tokens = await Promise.all(ids.shown.map(async (id) => (await rowOf(id)).outputToken));
    expect(withFiles.sort()).toEqual(tokens.sort());
  });

  it('leaves a queued task for a later start (its render goes to the new keys), and a new task is never legacy', async () => {
    expect((await rowOf(ids.queued)).legacyOutputs).toBe(true);
    const added = await databases[0]!.db.execute(sql`
      INSERT INTO video_tasks (user_id, title, prompt, aspect_ratio, duration, cost)
      SELECT user_id, '新视频', '描述', '9:16', 5, 6 FROM video_tasks WHERE id = ${ids.queued}
      RETURNING legacy_outputs, output_token`);
    expect(rowsOf<{ legacy_outputs: boolean; output_token: string }>(added)[0]).toMatchObject({ legacy_outputs: false, output_token: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('shares the work when two processes move at once: each file is copied by one of them', async () => {
    // Back to how the old code left them (the tokens stay: the row fixes where a copy goes).
    const db = databases[0]!.db;
    for (const id of ids.shown) {
      const row = await rowOf(id);
      mkdirSync(onDisk(`tasks/${id}`), { recursive: true });
      for (const [key, old] of [[row.videoKey!, `tasks/${id}/video.mp4`], [row.coverKey!, `tasks/${id}/cover.jpg`]] as const) {
        renameSync(onDisk(key), onDisk(old));
        await db.update(files).set({ key: old }).where(eq(files.key, key));
      }
      await db.update(videoTasks).set({ videoKey: `tasks/${id}/video.mp4`, coverKey: `tasks/${id}/cover.jpg`, legacyOutputs: true }).where(eq(videoTasks.id, id));
    }

    // On PostgreSQL each process's first copy waits until the other is copying too, so both are
    // at work at once. (PGlite has one connection: one transaction at a time, nothing to overlap.)
    const store = apps[0]!.storage;
    const copies = [0, 0];
    let copying = 0;
    let bothCopying!: () => void;
    const together = new Promise<void>((resolve) => (bothCopying = resolve));
    const run = (n: number) => {
      let first = engine === 'postgres';
      const slowed: Pick<FileStore, 'copy' | 'delete' | 'head'> = {
        copy: async (from, to, options) => {
          copies[n]! += 1;
          if (first) {
            first = false;
            if (++copying === 2) bothCopying();
            await together;
          }
          return store.copy(from, to, options);
        },
        delete: (key) => store.delete(key),
        head: (key) => store.head(key),
      };
      return moveLegacyOutputs({ db: databases[n]!.db, store: slowed, log: apps[n]!.log }).finally(bothCopying);
    };
    const moved = await Promise.all([run(0), run(1)]);

    if (engine === 'postgres') expect(moved.every((count) => count > 0)).toBe(true);
    expect(moved[0]! + moved[1]!).toBe(2 * SHOWN);
    expect(copies[0]! + copies[1]!).toBe(2 * SHOWN);
    for (const id of ids.shown) {
      const row = await rowOf(id);
      expect([row.videoKey, row.legacyOutputs]).toEqual([`tasks/${row.outputToken}/video.mp4`, false]);
      expect(readFileSync(onDisk(row.videoKey!))).toEqual(videoBytes(id));
      expect(existsSync(onDisk(`tasks/${id}/video.mp4`))).toBe(false);
    }
  });
});
