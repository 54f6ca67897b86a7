import { buildApp } from '../../src/app.js';
import { describeTaskEngines, type TaskEngineContext } from '../helpers/task-engines.js';
import { TestProvider } from '../helpers/test-provider.js';
import { saveOk, taskRow, testWorkers, waitForStatus } from '../helpers/tasks.js';
import { signedInUser } from '../helpers/users.js';
import { testConfig } from '../helpers/engines.js';

const provider = new TestProvider({ steps: 2 });

describeTaskEngines(
  'npm run serve: the API with WORKERS in-process workers',
  (ctx) => {
    it('renders a task saved through the API', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { token } = await signedInUser(ctx.db(), { points: 10 });
      const saved = await saveOk(ctx, token);
      await provider.started(saved.id);
      await waitForStatus(ctx, saved.id, 'succeeded');
    });

  },
  { WORKERS: '1' },
  provider,
);

describeTaskEngines('the API with WORKERS=0', (ctx) => {
  it('runs no worker: a saved task stays queued', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await taskRow(ctx, saved.id)).status).toBe('queued');
  });

  it('on close, stops its renders and hands their tasks back to the queue while the database is open', async () => {
    const slow = new TestProvider({ steps: 200, stepMs: 50 });
    const other = await serveApp(ctx, slow);
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    // Saved through the second app, so its own worker is the one woken.
    const res = await other.inject({ method: 'POST', url: '/api/v1/video_task/save', payload: { token, title: 't', prompt: 'p', aspectRatio: '16:9', duration: 5 } });
    const id: string = res.json().data.id;
    const call = await slow.started(id);
    await other.close();
    expect(call.outcome).toBe('aborted');
    const row = await taskRow(ctx, id);
    expect([row.status, row.leaseOwner, row.attempts]).toEqual(['queued', null, 0]);
    // Another worker takes it from there.
    const pool = testWorkers(ctx, new TestProvider());
    try {
      await waitForStatus(ctx, id, 'succeeded', 2000);
    } finally {
      await pool.stop();
    }
  }, 30_000);
});

/** A second `npm run serve` process on the same database (another app in this process). */
async function serveApp(ctx: TaskEngineContext, render: TestProvider) {
  const config = testConfig({ DATA_DIR: ctx.app().config.dataDir, WORKERS: '1', DATABASE_URL: ctx.databaseUrl() });
  const app = await buildApp(config, { database: ctx.database(), provider: render });
  await app.ready();
  return app;
}
