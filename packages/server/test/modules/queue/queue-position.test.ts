import { getQueuePosition } from '../../../src/modules/queue/queue-position.js';
import { describeTaskEngines } from '../../helpers/task-engines.js';
import { saveOk } from '../../helpers/tasks.js';
import { signedInUser } from '../../helpers/users.js';

describeTaskEngines('getQueuePosition', (ctx) => {
  it('shares the wait among the configured workers', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 200 });
    const tasks = [];
    for (let i = 0; i < 5; i++) tasks.push(await saveOk(ctx, token, { duration: 20 }));
    // 4 tasks ahead × 30 s (20 s × 1.5, no render history) / 4 workers.
    expect(await getQueuePosition(ctx.db(), user.id, tasks[4]!.id, 4)).toEqual({ status: 'queued', position: 5, total: 5, estimatedWaitSeconds: 30 });
    expect(await getQueuePosition(ctx.db(), user.id, tasks[4]!.id, 0)).toMatchObject({ estimatedWaitSeconds: 120 });
  });

  it('answers rspCode 4 for an id that is not the user\'s', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const other = await signedInUser(ctx.db());
    const task = await saveOk(ctx, token);
    await expect(getQueuePosition(ctx.db(), other.user.id, task.id, 1)).rejects.toMatchObject({ rspCode: 4, rspMsg: '视频不存在' });
    await expect(getQueuePosition(ctx.db(), other.user.id, 'x', 1)).rejects.toMatchObject({ rspCode: 4 });
  });
});
