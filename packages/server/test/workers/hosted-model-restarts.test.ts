// A worker process killed (kill -9) while it polls a vendor's clip, and another started: the
// clip's vendor task is polled again, never submitted twice nor abandoned. PostgreSQL only
// (worker processes share the API's database), with the DashScope stand-in as the vendor.
import { eq } from 'drizzle-orm';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { taskClips } from '../../src/db/schema.js';
import type { EngineContext } from '../helpers/engines.js';
import { createTestDatabase, postgresAvailable } from '../helpers/postgres.js';
import { startTsx } from '../helpers/processes.js';
import { ledgerOfTask, saveOk, taskRow, waitForStatus, waitUntil } from '../helpers/tasks.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp-dirs.js';
import { expectLedgerMatchesBalances, signedInUser } from '../helpers/users.js';
import { startDashScopeStandIn, type DashScopeStandIn } from '../stand-ins/dashscope.js';

const CLIP_WORKER = path.join(__dirname, '..', 'helpers', 'clip-worker.ts');

afterAll(removeTempDirs);

(postgresAvailable() ? describe : describe.skip)('hosted-model clips across a kill -9 of their worker (PostgreSQL)', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let standIn: DashScopeStandIn;
  let env: Record<string, string>;
  const ctx = { app: () => app, db: () => app.db, post: async (url: string, body: Record<string, unknown> = {}) => {
    const res = await app.inject({ method: 'POST', url, payload: body });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  } } as EngineContext;
  const started: ReturnType<typeof startTsx>[] = [];

  beforeAll(async () => {
    standIn = await startDashScopeStandIn({ pendingPolls: 1_000_000 });
    const created = await createTestDatabase();
    drop = created.drop;
    env = {
      DATABASE_URL: created.url, DATA_DIR: makeTempDir(), LOG_LEVEL: 'warn', WORKERS: '1', SEED_TEMPLATES: '0', TEST_LEASE_MS: '1500',
      DASHSCOPE_API_KEY: standIn.apiKey, DASHSCOPE_BASE_URL: standIn.url, DASHSCOPE_POINTS_PER_SECOND: '2',
    };
    app = await buildApp(loadConfig({ ...env, WORKERS: '0', LOG_LEVEL: 'silent', WEB_ROOT: makeTempDir() }));
    await app.ready();
  }, 60_000);
  afterEach(() => {
    for (const worker of started.splice(0)) worker.child.kill('SIGKILL');
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    await standIn?.close();
  });

  it('the next worker polls the same vendor task: one submit per clip, the video made, charged once', async () => {
    const { token } = await signedInUser(app.db, { points: 50 });
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 5, prompt: '重启之后继续轮询' });
    const clipOf = async () => (await app.db.select().from(taskClips).where(eq(taskClips.taskId, Number(saved.id))))[0];

    const doomed = startTsx(CLIP_WORKER, env);
    started.push(doomed);
    await waitUntil(async () => (await clipOf())?.status === 'submitted', 30_000, 'the clip submitted');
    const pollsBefore = standIn.counts.polls;
    await waitUntil(() => standIn.counts.polls > pollsBefore + 2, 10_000, 'the worker polling');
    doomed.child.kill('SIGKILL');
    expect((await doomed.exited).signal).toBe('SIGKILL');
    const submitted = await clipOf();
    expect(standIn.counts.accepted).toBe(1);

    // The vendor finishes the clip while no worker is there; a new one takes over after the lease.
    standIn.settings.pendingPolls = 0;
    const rescuer = startTsx(CLIP_WORKER, env);
    started.push(rescuer);
    await waitForStatus(ctx, saved.id, 'succeeded', 60_000);
    expect(standIn.counts.accepted).toBe(1);
    const done = await clipOf();
    expect(done).toMatchObject({ status: 'stored', vendorTaskId: submitted!.vendorTaskId, submits: 1 });
    expect((await taskRow(ctx, saved.id)).attempts).toBe(2);
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.change)).toEqual([-10]);
    await expectLedgerMatchesBalances(app.db);
  }, 120_000);
});
