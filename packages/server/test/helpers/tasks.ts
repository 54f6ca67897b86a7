import { eq } from 'drizzle-orm';
import { pointsLedger, videoTasks } from '../../src/db/schema.js';
import type { ApiBody, UploadPolicy, VideoTask } from '@app/contract';
import { taskOutputKeys } from '../../src/modules/tasks/task-outputs.js';
import { startWorkers, type WorkerOptions, type WorkerPool } from '../../src/workers/worker-pool.js';
import { PNG, uploadForm } from '../modules/storage/upload-fixtures.js';
import type { EngineContext } from './engines.js';
import type { TestProvider } from './test-provider.js';

export const TASK_API = '/api/v1/video_task';

/** A save body that passes validation (typed by the contract); `overrides` on top, which may be anything a test sends. */
export function taskBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const valid: ApiBody<'/api/v1/video_task/save'> = { title: '春日出游', prompt: '阳光、花海和笑声。', aspectRatio: '9:16', duration: 5 };
  return { ...valid, ...overrides };
}

/** Calls a video_task route and expects success; answers `data`. */
export async function callOk<T = any>(ctx: EngineContext, call: string, body: Record<string, unknown>): Promise<T> {
  const res = await ctx.post(`${TASK_API}/${call}`, body);
  if (res.body.rspCode !== 0) throw new Error(`${call} answered ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

export function saveOk(ctx: EngineContext, token: string, overrides: Record<string, unknown> = {}): Promise<VideoTask> {
  return callOk<VideoTask>(ctx, 'save', { token, ...taskBody(overrides) });
}

/** A PNG the user uploaded through the upload policy, as the app does; answers its URL. */
export async function uploadImage(ctx: EngineContext, token: string, kind: 'image' | 'avatar' = 'image'): Promise<string> {
  const policy: UploadPolicy = (await ctx.post('/server_api/oss/stsPolicy', { token, kind })).body.data;
  const res = await ctx.app().inject({ method: 'POST', url: '/files', payload: uploadForm(policy, { bytes: PNG, type: 'image/png' }) });
  if (res.statusCode !== 204) throw new Error(`upload answered ${res.statusCode}`);
  return policy.url;
}

export async function taskRow(ctx: EngineContext, id: string) {
  const [row] = await ctx.db().select().from(videoTasks).where(eq(videoTasks.id, Number(id)));
  if (!row) throw new Error(`no task ${id}`);
  return row;
}

/** The keys the task's rendered files are (or will be) stored under: from its random token. */
export async function outputKeysOf(ctx: Pick<EngineContext, 'db'>, id: string): Promise<{ video: string; cover: string }> {
  return taskOutputKeys((await taskRow(ctx as EngineContext, id)).outputToken);
}

export async function ledgerOfTask(ctx: EngineContext, id: string) {
  return ctx.db().select().from(pointsLedger).where(eq(pointsLedger.taskId, id)).orderBy(pointsLedger.id);
}

/** Workers of the test app with `provider`; stop them in the test (or afterEach). */
export function testWorkers(ctx: EngineContext, provider: TestProvider, options: Partial<WorkerOptions> = {}): WorkerPool {
  const app = ctx.app();
  return startWorkers({
    db: app.db,
    store: app.storage,
    config: app.config,
    signals: app.taskSignals,
    log: app.log,
    provider,
    count: 1,
    ...options,
  });
}

/** Polls `check` until it answers true (or throws after `timeoutMs`). */
export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the task has this status. */
export function waitForStatus(ctx: EngineContext, id: string, status: string, timeoutMs = 10_000): Promise<void> {
  return waitUntil(async () => (await taskRow(ctx, id)).status === status, timeoutMs, `task ${id} to be ${status}`);
}
