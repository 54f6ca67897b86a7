import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { callOk, saveOk, TASK_API } from '../../../../helpers/tasks.js';
import { signedInUser } from '../../../../helpers/users.js';

const LIST = `${TASK_API}/query_user_task`;

describeTaskEngines('POST /api/v1/video_task/query_user_task and detail', (ctx) => {
  it('lists the caller\'s tasks newest first, paged, without other users\' or deleted ones', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const other = await signedInUser(ctx.db(), { points: 100 });
    await saveOk(ctx, other.token, { title: '别人的' });
    const mine = [];
    for (const title of ['一', '二', '三', '四', '五']) mine.push(await saveOk(ctx, token, { title }));
    await callOk(ctx, 'delete', { token, id: mine[1]!.id });

    const first = await callOk(ctx, 'query_user_task', { token, page: 1, pageSize: 3 });
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3, hasMore: true });
    expect(first.list.map((t: { title: string }) => t.title)).toEqual(['五', '四', '三']);
    const second = await callOk(ctx, 'query_user_task', { token, page: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 4, hasMore: false });
    expect(second.list.map((t: { title: string }) => t.title)).toEqual(['一']);
    expect(await callOk(ctx, 'query_user_task', { token, page: 3, pageSize: 3 })).toMatchObject({ list: [], total: 4, hasMore: false });
  });

  it('defaults to page 1 of 10, and filters by status', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const a = await saveOk(ctx, token);
    const b = await saveOk(ctx, token);
    await callOk(ctx, 'cancel', { token, id: a.id });
    expect(await callOk(ctx, 'query_user_task', { token })).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    const cancelled = await callOk(ctx, 'query_user_task', { token, status: 'cancelled' });
    expect(cancelled.list.map((t: { id: string }) => t.id)).toEqual([a.id]);
    const queued = await callOk(ctx, 'query_user_task', { token, status: 'queued' });
    expect(queued.list.map((t: { id: string; queuePosition: number }) => t.id)).toEqual([b.id]);
    expect(queued.list[0].queuePosition).toBeGreaterThanOrEqual(1);
    expect((await callOk(ctx, 'query_user_task', { token, status: 'succeeded' })).total).toBe(0);
  });

  it('answers the same VideoTask from save, detail and the list', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 100 });
    const saved = await saveOk(ctx, token);
    expect(await callOk(ctx, 'detail', { token, id: saved.id })).toEqual(saved);
    expect((await callOk(ctx, 'query_user_task', { token })).list).toEqual([saved]);
  });

  it('asks to sign in without a valid token', async () => {
    expect((await ctx.post(LIST, {})).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
    expect((await ctx.post(`${TASK_API}/detail`, { id: '1' })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
  });
});
