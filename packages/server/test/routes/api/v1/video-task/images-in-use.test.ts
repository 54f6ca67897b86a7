import type { WorkerPool } from '../../../../../src/workers/worker-pool.js';
import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { TestProvider } from '../../../../helpers/test-provider.js';
import { callOk, saveOk, TASK_API, testWorkers, uploadImage, waitForStatus } from '../../../../helpers/tasks.js';
import { signedInUser } from '../../../../helpers/users.js';

const DELETE_FILE = `${TASK_API}/delete_file_url`;
const inUse = { rspCode: 5, rspMsg: '文件正在使用，无法删除' };

describeTaskEngines('delete_file_url and the images of video tasks', (ctx) => {
  const pools: WorkerPool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.stop()));
  });

  it('refuses (rspCode 5) an image of a queued task, and lets it go once the task is cancelled', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const [used, unused] = [await uploadImage(ctx, token), await uploadImage(ctx, token)];
    const task = await saveOk(ctx, token, { images: [used] });
    expect((await ctx.post(DELETE_FILE, { token, url: used })).body).toEqual(inUse);
    expect((await ctx.post(DELETE_FILE, { token, url: unused })).body.rspCode).toBe(0);
    await callOk(ctx, 'cancel', { token, id: task.id });
    expect((await ctx.post(DELETE_FILE, { token, url: used })).body.rspCode).toBe(0);
  });

  it('refuses an image of a processing task, and lets it go once the video is made', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const image = await uploadImage(ctx, token);
    const task = await saveOk(ctx, token, { images: [image] });
    const provider = new TestProvider({ steps: 10, stepMs: 50 });
    pools.push(testWorkers(ctx, provider));
    await provider.started(task.id);
    expect((await ctx.post(DELETE_FILE, { token, url: image })).body).toEqual(inUse);
    await waitForStatus(ctx, task.id, 'succeeded');
    expect((await ctx.post(DELETE_FILE, { token, url: image })).body.rspCode).toBe(0);
  });

  it('refuses a task whose image was deleted first (rspCode 2), while the two race', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const image = await uploadImage(ctx, token);
    const [deleted, saved] = await Promise.all([ctx.post(DELETE_FILE, { token, url: image }), ctx.post(`${TASK_API}/save`, { token, title: 't', prompt: 'p', aspectRatio: '1:1', duration: 5, images: [image] })]);
    // Either the delete went first (the save is refused), or the save did (the delete is refused).
    expect([deleted.body.rspCode, saved.body.rspCode].sort()).toEqual(deleted.body.rspCode === 0 ? [0, 2] : [0, 5]);
  });
});
