import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase, postgresAvailable } from '../helpers/postgres.js';
import { startTsx } from '../helpers/processes.js';
import { fakeVideo } from '../helpers/test-provider.js';
import { ledgerOfTask, outputKeysOf, saveOk, taskRow, waitForStatus, waitUntil } from '../helpers/tasks.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp-dirs.js';
import type { EngineContext } from '../helpers/engines.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../helpers/users.js';

const WORKER_ENTRY = path.join(__dirname, '..', '..', 'src', 'worker.ts');
const SLOW_WORKER = path.join(__dirname, '..', 'helpers', 'slow-worker.ts');

afterAll(removeTempDirs);

describe('npm run worker (src/worker.ts)', () => {
  it('refuses WORKERS=0, saying why', async () => {
    const worker = startTsx(WORKER_ENTRY, { WORKERS: '0', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: makeTempDir() });
    expect((await worker.exited).code).toBe(1);
    expect(worker.output().stderr).toContain('WORKERS=0 means no workers');
  }, 30_000);

  it('refuses to run without DATABASE_URL: the embedded database belongs to the API process', async () => {
    const worker = startTsx(WORKER_ENTRY, { DATABASE_URL: '', DATA_DIR: makeTempDir() });
    expect((await worker.exited).code).toBe(1);
    expect(worker.output().stderr).toContain('A worker process needs DATABASE_URL');
  }, 30_000);

  it('refuses an invalid configuration', async () => {
    const worker = startTsx(WORKER_ENTRY, { WORKERS: 'many' });
    expect((await worker.exited).code).toBe(1);
    expect(worker.output().stderr).toContain('WORKERS=many: must be a whole number from 0 to 64');
  }, 30_000);
});

/** Worker processes against one PostgreSQL and one DATA_DIR, beside an API-only app: the `npm run worker` setup. */
(postgresAvailable() ? describe : describe.skip)('worker processes (PostgreSQL)', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  const ctx = { app: () => app, db: () => app.db, post: async (url: string, body: Record<string, unknown> = {}) => {
    const res = await app.inject({ method: 'POST', url, payload: body });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  } } as EngineContext;
  const started: ReturnType<typeof startTsx>[] = [];
  const startWorker = (extra: Record<string, string> = {}) => {
    const worker = startTsx(SLOW_WORKER, { ...env, ...extra });
    started.push(worker);
    return worker;
  };

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    env = { DATABASE_URL: created.url, DATA_DIR: makeTempDir(), LOG_LEVEL: 'warn', WORKERS: '1', SEED_TEMPLATES: '0', TEST_LEASE_MS: '1500' };
    app = await buildApp(loadConfig({ ...env, WORKERS: '0', LOG_LEVEL: 'silent', WEB_ROOT: makeTempDir() }));
    await app.ready();
  }, 60_000);
  afterEach(() => {
    for (const worker of started.splice(0)) worker.child.kill('SIGKILL');
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('recovers from a kill -9 mid-render: the lease runs out and another worker renders the task', async () => {
    const { user, token } = await signedInUser(app.db, { points: 10 });
    const saved = await saveOk(ctx, token);

    const doomed = startWorker();
    await doomed.waitFor(new RegExp(`RENDER_START ${saved.id}\\b`));
    await waitForStatus(ctx, saved.id, 'processing');
    doomed.child.kill('SIGKILL');
    expect((await doomed.exited).signal).toBe('SIGKILL');
    const orphaned = await taskRow(ctx, saved.id);
    expect([orphaned.status, orphaned.attempts]).toEqual(['processing', 1]);

    const rescuer = startWorker();
    await waitForStatus(ctx, saved.id, 'succeeded', 30_000);
    const done = await taskRow(ctx, saved.id);
    expect(done.attempts).toBe(2);
    expect(done.leaseOwner).toBeNull();
    expect(rescuer.output().stdout).toContain(`RENDER_END ${saved.id} done`);
    expect(readFileSync(path.join(env.DATA_DIR!, 'files', (await outputKeysOf(ctx, saved.id)).video))).toEqual(fakeVideo(saved.id));
    // Charged once, never refunded.
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.type)).toEqual(['generate']);
    expect((await userState(app.db, user.id)).points).toBe(5);
    await expectLedgerMatchesBalances(app.db);

    rescuer.child.kill('SIGTERM');
    expect((await rescuer.exited).code).toBe(0);
  }, 60_000);

  it('removes at the next start the work folder of a worker killed mid-render, not that of a worker still rendering', async () => {
    const root = path.join(env.DATA_DIR!, 'tmp', 'renders');
    const folderOf = (pid: number) => readdirSync(root).find((name) => name.includes(`~${pid}~`));
    const { token } = await signedInUser(app.db, { points: 20 });
    const first = await saveOk(ctx, token);
    const killed = startWorker({ TEST_STEPS: '600' });
    await killed.waitFor(new RegExp(`RENDER_START ${first.id}\\b`));
    const second = await saveOk(ctx, token);
    const rendering = startWorker({ TEST_STEPS: '600' });
    await rendering.waitFor(new RegExp(`RENDER_START ${second.id}\\b`));
    const killedFolder = folderOf(killed.child.pid!);
    const renderingFolder = folderOf(rendering.child.pid!);
    expect(readdirSync(path.join(root, killedFolder!))).toEqual([expect.stringMatching(`^video-task-${first.id}-`)]);
    expect(readdirSync(path.join(root, renderingFolder!))).toEqual([expect.stringMatching(`^video-task-${second.id}-`)]);

    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(path.join(root, killedFolder!))).toBe(true);
    // Slow as well: it may take the killed worker's task once its lease runs out.
    const next = startWorker({ TEST_STEPS: '600' });
    await next.waitFor(/WORKER_READY/);
    await waitUntil(() => !existsSync(path.join(root, killedFolder!)), 30_000, 'the killed worker\'s folder to go');
    expect(readdirSync(path.join(root, renderingFolder!))).toEqual([expect.stringMatching(`^video-task-${second.id}-`)]);

    // Cancel both, so they do not wait for a worker that never comes.
    for (const task of [first, second]) expect((await ctx.post('/api/v1/video_task/cancel', { token, id: task.id })).body.rspCode).toBe(0);
    await rendering.waitFor(new RegExp(`RENDER_END ${second.id} aborted`));
  }, 60_000);

  it('on SIGTERM stops the render, puts the task back in the queue and exits 0', async () => {
    const { token } = await signedInUser(app.db, { points: 10 });
    const saved = await saveOk(ctx, token);
    const worker = startWorker({ TEST_STEPS: '200' });
    await worker.waitFor(new RegExp(`RENDER_START ${saved.id}\\b`));
    worker.child.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
    expect(worker.output().stdout).toContain(`RENDER_END ${saved.id} aborted`);
    const row = await taskRow(ctx, saved.id);
    expect([row.status, row.attempts, row.leaseOwner]).toEqual(['queued', 0, null]);
    expect(existsSync(path.join(env.DATA_DIR!, 'files', (await outputKeysOf(ctx, saved.id)).video))).toBe(false);
    // Cancel it, so it does not wait for a worker that never comes.
    expect((await ctx.post('/api/v1/video_task/cancel', { token, id: saved.id })).body.rspCode).toBe(0);
  }, 60_000);

  it('is woken by a save in the API process (NOTIFY), not by its poll', async () => {
    // It looks for work at its start, then only when woken: a poll of an hour would never find the task.
    const worker = startWorker({ TEST_STEPS: '1', TEST_POLL_MS: '3600000' });
    await worker.waitFor(/WORKER_READY/);
    // The first claim finds nothing; the LISTEN connection is up well within this.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { token } = await signedInUser(app.db, { points: 10 });
    const saved = await saveOk(ctx, token);
    await worker.waitFor(new RegExp(`RENDER_START ${saved.id}\\b`));
    await waitForStatus(ctx, saved.id, 'succeeded');
  }, 60_000);

  it('stops a render in a worker process when the API process cancels the task', async () => {
    const { user, token } = await signedInUser(app.db, { points: 10 });
    const saved = await saveOk(ctx, token);
    const worker = startWorker({ TEST_STEPS: '200' });
    await worker.waitFor(new RegExp(`RENDER_START ${saved.id}\\b`));
    expect((await ctx.post('/api/v1/video_task/cancel', { token, id: saved.id })).body.data.status).toBe('cancelled');
    // Aborted, not run to its end (200 steps of 100 ms).
    const [ended] = await worker.waitFor(new RegExp(`RENDER_END ${saved.id} \\w+`));
    expect(ended).toBe(`RENDER_END ${saved.id} aborted`);
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.type)).toEqual(['generate', 'refund']);
    expect((await userState(app.db, user.id)).points).toBe(10);
  }, 60_000);
});
