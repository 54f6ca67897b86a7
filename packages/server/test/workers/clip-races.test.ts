// Two workers on one task's clips at once — what happens when a lease runs out under a worker that
// is slow, not dead, and another takes the task over: each clip is still submitted to the vendor
// once, and both end with every clip.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { taskClips } from '../../src/db/schema.js';
import { clipProviders } from '../../src/modules/clips/video-models.js';
import { CLIP_TIMING_DEFAULTS, makeClips } from '../../src/workers/run-clips.js';
import { describeTaskEngines } from '../helpers/task-engines.js';
import { saveOk, taskRow } from '../helpers/tasks.js';
import { signedInUser } from '../helpers/users.js';
import { startDashScopeStandIn, type DashScopeStandIn } from '../stand-ins/dashscope.js';

let standIn: DashScopeStandIn;
const env: Record<string, string> = {};
beforeAll(async () => {
  standIn = await startDashScopeStandIn({ pendingPolls: 2, runningPolls: 2, concurrency: 10, submitsPerSecond: 100 });
  Object.assign(env, { DASHSCOPE_API_KEY: standIn.apiKey, DASHSCOPE_BASE_URL: standIn.url });
});
afterAll(() => standIn.close());

describeTaskEngines('two workers making one task\'s clips at once', (ctx) => {
  it('submits each clip once; both get every clip', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 1000 });
    const saved = await saveOk(ctx, token, { model: 'wan', duration: 30, prompt: `第一段。第二段。第三段。-${ctx.engine}` });
    const task = await taskRow(ctx, saved.id);
    const app = ctx.app();
    const deps = {
      db: app.db, store: app.storage, config: app.config, providers: clipProviders(app.config), log: { info: () => undefined, warn: () => undefined },
      timing: { ...CLIP_TIMING_DEFAULTS, pollMs: 5, backoffMs: 5, timeoutMs: 60_000 },
    };
    const dirs = await Promise.all([0, 1].map((i) => mkdtemp(path.join(tmpdir(), `race-${i}-`))));
    try {
      const before = standIn.counts.accepted;
      const [a, b] = await Promise.all(dirs.map((dir) => makeClips(deps, task, dir, () => undefined, new AbortController().signal)));
      expect(a).toHaveLength(3);
      expect(b).toHaveLength(3);
      expect(standIn.counts.accepted - before).toBe(3);
      const clips = await ctx.db().select().from(taskClips).where(eq(taskClips.taskId, Number(saved.id)));
      expect(clips.map((c) => [c.status, c.submits])).toEqual([['stored', 1], ['stored', 1], ['stored', 1]]);
    } finally {
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  }, 60_000);
}, env);
