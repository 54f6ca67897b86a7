// The vendors' keys live in the server's configuration only: not in an answer, not in a log line,
// also when a vendor refuses them. Logs at debug, everything the server and its worker write.
import { buildTestApp } from '../helpers/build-test-app.js';
import { saveOk, waitForStatus } from '../helpers/tasks.js';
import type { EngineContext } from '../helpers/engines.js';
import { signedInUser } from '../helpers/users.js';
import { startDashScopeStandIn, type DashScopeStandIn } from '../stand-ins/dashscope.js';

const KEY = 'sk-configured-secret-0123456789';
let standIn: DashScopeStandIn;
beforeAll(async () => {
  // The vendor expects another key: ours is refused, and the refusal is logged.
  standIn = await startDashScopeStandIn();
});
afterAll(() => standIn.close());

test('a refused key fails the video with a refund; no log line and no answer carries the key', async () => {
  const { app, logs } = await buildTestApp({ LOG_LEVEL: 'debug', WORKERS: '1', DASHSCOPE_API_KEY: KEY, DASHSCOPE_BASE_URL: standIn.url });
  try {
    await app.ready();
    const answers: string[] = [];
    const ctx = {
      app: () => app, db: () => app.db,
      post: async (url: string, body: Record<string, unknown> = {}) => {
        const res = await app.inject({ method: 'POST', url, payload: body });
        answers.push(res.body);
        return { status: res.statusCode, body: res.json(), headers: res.headers };
      },
    } as EngineContext;
    const { token } = await signedInUser(app.db, { points: 100 });
    await ctx.post('/api/v1/video_task/models', {});
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 5 });
    await waitForStatus(ctx, saved.id, 'failed', 30_000);
    const lines = logs();
    expect(lines.some((line) => line.msg === 'the vendor refused a call')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(KEY);
    expect(answers.join('\n')).not.toContain(KEY);
  } finally {
    await app.close();
  }
}, 60_000);
