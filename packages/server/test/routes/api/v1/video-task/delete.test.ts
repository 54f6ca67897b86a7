import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { files, videoTasks } from '../../../../../src/db/schema.js';
import { thumbnailKeys } from '../../../../../src/modules/storage/thumbnails.js';
import type { WorkerPool } from '../../../../../src/workers/worker-pool.js';
import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { TestProvider } from '../../../../helpers/test-provider.js';
import { callOk, ledgerOfTask, outputKeysOf, saveOk, taskRow, TASK_API, testWorkers, waitForStatus } from '../../../../helpers/tasks.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../../../helpers/users.js';

const DELETE = `${TASK_API}/delete`;
const gone = { rspCode: 4, rspMsg: '视频不存在' };

describeTaskEngines('POST /api/v1/video_task/delete', (ctx) => {
  const pools: WorkerPool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.stop()));
    await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing')`);
  });
  const onDisk = (key: string) => existsSync(path.join(ctx.app().config.dataDir, 'files', key));

  it('removes a finished task\'s video and cover from storage and hides the task from every call', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    pools.push(testWorkers(ctx, new TestProvider()));
    await waitForStatus(ctx, saved.id, 'succeeded');
    const done = await callOk(ctx, 'detail', { token, id: saved.id });
    const keys = await outputKeysOf(ctx, saved.id);
    expect(onDisk(keys.video) && onDisk(keys.cover)).toBe(true);
    // The cover's thumbnails (this provider's cover is no real picture, so they are put here).
    const thumbs = thumbnailKeys(keys.cover);
    for (const key of thumbs) await ctx.app().storage.put(key, Buffer.from('thumb'), { contentType: 'image/webp' });

    expect((await ctx.post(DELETE, { token, id: saved.id })).body).toEqual({ rspCode: 0, rspMsg: '成功', data: {} });

    expect(onDisk(keys.video) || onDisk(keys.cover)).toBe(false);
    expect(thumbs.filter(onDisk)).toEqual([]);
    expect((await ctx.app().inject({ method: 'GET', url: done.videoUrl })).statusCode).toBe(404);
    expect(await ctx.db().select().from(files).where(eq(files.key, keys.video))).toEqual([]);
    for (const call of ['detail', 'get_queue_position', 'cancel', 'delete']) {
      expect([call, (await ctx.post(`${TASK_API}/${call}`, { token, id: saved.id })).body]).toEqual([call, gone]);
    }
    const list = await callOk(ctx, 'query_user_task', { token });
    expect(list.list.map((t: { id: string }) => t.id)).not.toContain(saved.id);
    // Soft: the row stays for the ledger rows that name it; a succeeded task keeps its cost.
    expect((await taskRow(ctx, saved.id)).deletedAt).toBeInstanceOf(Date);
    expect((await userState(ctx.db(), user.id)).points).toBe(5);
  });

  it('cancels (with its refund) a queued task before deleting it', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    expect((await ctx.post(DELETE, { token, id: saved.id })).body.rspCode).toBe(0);
    const row = await taskRow(ctx, saved.id);
    expect([row.status, row.refunded]).toEqual(['cancelled', true]);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('stops a running render, refunds once, and leaves no files', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const provider = new TestProvider({ steps: 200, stepMs: 50 });
    pools.push(testWorkers(ctx, provider));
    const call = await provider.started(saved.id);
    expect((await ctx.post(DELETE, { token, id: saved.id })).body.rspCode).toBe(0);
    await new Promise<void>((resolve) => (call.outcome ? resolve() : provider.once('end', () => resolve())));
    expect(call.outcome).toBe('aborted');
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.type)).toEqual(['generate', 'refund']);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
    expect(onDisk((await outputKeysOf(ctx, saved.id)).video)).toBe(false);
  });

  it('deletes a failed task without a second refund', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    pools.push(testWorkers(ctx, new TestProvider({ failWith: new Error('boom') })));
    await waitForStatus(ctx, saved.id, 'failed');
    expect((await ctx.post(DELETE, { token, id: saved.id })).body.rspCode).toBe(0);
    expect((await ledgerOfTask(ctx, saved.id)).map((r) => r.type)).toEqual(['generate', 'refund']);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('answers 4 the second time, also when both run at once', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const saved = await saveOk(ctx, token);
    const answers = await Promise.all([ctx.post(DELETE, { token, id: saved.id }), ctx.post(DELETE, { token, id: saved.id })]);
    expect(answers.map((a) => a.body.rspCode).sort()).toEqual([0, 4]);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('keeps the ledger equal to the balances', async () => {
    await expectLedgerMatchesBalances(ctx.db());
  });
});
