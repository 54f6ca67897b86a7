import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { saveOk, taskRow, TASK_API } from '../../../../helpers/tasks.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../../../helpers/users.js';

const BY_ID = ['detail', 'get_queue_position', 'cancel', 'delete'];
const notFound = { rspCode: 4, rspMsg: '视频不存在' };

describeTaskEngines('video_task calls on ids that are not the caller\'s', (ctx) => {
  it.each(BY_ID)('%s answers rspCode 4 视频不存在 for another user\'s task, and changes nothing', async (call) => {
    const owner = await signedInUser(ctx.db(), { points: 10 });
    const stranger = await signedInUser(ctx.db(), { points: 10 });
    const task = await saveOk(ctx, owner.token);
    expect((await ctx.post(`${TASK_API}/${call}`, { token: stranger.token, id: task.id })).body).toEqual(notFound);
    const row = await taskRow(ctx, task.id);
    expect([row.status, row.deletedAt, row.refunded]).toEqual(['queued', null, false]);
    expect((await userState(ctx.db(), owner.user.id)).points).toBe(5);
    expect((await userState(ctx.db(), stranger.user.id)).points).toBe(10);
  });

  it.each(BY_ID)('%s answers the same for ids that do not exist or cannot be ids', async (call) => {
    const { token } = await signedInUser(ctx.db());
    for (const id of ['999999999', '0', '-1', '1.5', '1e3', 'abc', '9'.repeat(20), "1' OR '1'='1", '1; DROP TABLE video_tasks']) {
      expect([id, (await ctx.post(`${TASK_API}/${call}`, { token, id })).body]).toEqual([id, notFound]);
    }
  });

  it('lists only the caller\'s own tasks', async () => {
    const owner = await signedInUser(ctx.db(), { points: 10 });
    const stranger = await signedInUser(ctx.db());
    await saveOk(ctx, owner.token);
    expect((await ctx.post(`${TASK_API}/query_user_task`, { token: stranger.token })).body.data).toMatchObject({ list: [], total: 0 });
  });

  it('keeps the ledger equal to the balances', async () => {
    await expectLedgerMatchesBalances(ctx.db());
  });
});
