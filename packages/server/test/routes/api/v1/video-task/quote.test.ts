import { addTemplate } from '../../../../../src/modules/templates/templates.js';
import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { TASK_API } from '../../../../helpers/tasks.js';
import { signedInUser } from '../../../../helpers/users.js';

const QUOTE = `${TASK_API}/quote`;

describeTaskEngines('POST /api/v1/video_task/quote', (ctx) => {
  it('answers the cost (1 point per second by default), the balance, and whether it is enough', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    expect((await ctx.post(QUOTE, { token, duration: 10 })).body).toEqual({ rspCode: 0, rspMsg: '成功', data: { cost: 10, balance: 10, enough: true, voicePoints: 0 } });
    expect((await ctx.post(QUOTE, { token, duration: 11 })).body.data).toEqual({ cost: 11, balance: 10, enough: false, voicePoints: 0 });
  });

  it('takes a known template, and answers rspCode 4 模板不存在 for an unknown one', async () => {
    const template = await addTemplate(ctx.db(), ctx.app().config, {
      title: '活力', description: '', category: '运动', style: 'vivid', coverUrl: '/files/t/1.jpg', videoUrl: '/files/t/1.mp4', duration: 10, aspectRatio: '16:9', sort: 0, params: {},
    });
    const { token } = await signedInUser(ctx.db(), { points: 3 });
    expect((await ctx.post(QUOTE, { token, duration: 5, templateId: template.id })).body.data).toEqual({ cost: 5, balance: 3, enough: false, voicePoints: 0 });
    expect((await ctx.post(QUOTE, { token, duration: 5, templateId: '' })).body.rspCode).toBe(0);
    expect((await ctx.post(QUOTE, { token, duration: 5, templateId: '987654321' })).body).toEqual({ rspCode: 4, rspMsg: '模板不存在' });
  });

  it('asks to sign in without a valid token', async () => {
    expect((await ctx.post(QUOTE, { duration: 5 })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
  });
});

describeTaskEngines(
  'POST /api/v1/video_task/quote with POINTS_PER_SECOND=2',
  (ctx) => {
    it('prices by the configuration', async () => {
      const { token } = await signedInUser(ctx.db(), { points: 100 });
      expect((await ctx.post(QUOTE, { token, duration: 60 })).body.data).toEqual({ cost: 120, balance: 100, enough: false, voicePoints: 0 });
    });
  },
  { POINTS_PER_SECOND: '2' },
);
