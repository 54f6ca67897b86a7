import { count, eq } from 'drizzle-orm';
import { videoTasks } from '../../../../../src/db/schema.js';
import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { saveOk, taskBody, TASK_API } from '../../../../helpers/tasks.js';
import { signedInUser, userState } from '../../../../helpers/users.js';

const HUGE = 'x'.repeat(100 * 1024);
const SQL = "' OR 1=1 --";
const CALLS = ['quote', 'save', 'query_user_task', 'detail', 'get_queue_position', 'cancel', 'delete'];
const BY_ID = ['detail', 'get_queue_position', 'cancel', 'delete'];

describeTaskEngines('video_task calls given bad input', (ctx) => {
  describe('save', () => {
    it.each([
      ['no title', { title: undefined }, '标题不能为空'],
      ['an empty title', { title: '' }, '标题不能为空'],
      ['a blank title', { title: '   ' }, '标题不能为空'],
      ['a title of 31 characters', { title: '题'.repeat(31) }, '标题不能超过 30 个字'],
      ['a 100 KB title', { title: HUGE }, '标题不能超过 30 个字'],
      ['a title with a control character', { title: '春\u0007日' }, '标题不能包含控制字符'],
      ['a number as title', { title: 42 }, '标题格式不正确'],
      ['no prompt', { prompt: undefined }, '文案不能为空'],
      ['a prompt of 501 characters', { prompt: '文'.repeat(501) }, '文案不能超过 500 个字'],
      ['a prompt with a newline', { prompt: '第一行\n第二行' }, '文案不能包含控制字符'],
      ['an object as prompt', { prompt: { text: 'x' } }, '文案格式不正确'],
      ['no aspectRatio', { aspectRatio: undefined }, '画面比例不能为空'],
      ['an unknown aspectRatio', { aspectRatio: '4:3' }, '画面比例只能是 9:16、16:9、1:1'],
      ['an unknown captionStyle', { captionStyle: 'comic' }, '字幕样式只能是 template、classic、bold、subtitle'],
      ['a number as captionStyle', { captionStyle: 2 }, '字幕样式格式不正确'],
      ['no duration', { duration: undefined }, '视频时长不能为空'],
      ['a duration of 4', { duration: 4 }, '视频时长不能小于 5'],
      ['a duration of 61', { duration: 61 }, '视频时长不能大于 60'],
      ['a fractional duration', { duration: 5.5 }, '视频时长格式不正确'],
      ['a duration as text', { duration: '10' }, '视频时长格式不正确'],
      ['a negative duration', { duration: -10 }, '视频时长不能小于 5'],
      ['images as text', { images: '/files/a.png' }, '图片格式不正确'],
      ['10 images', { images: Array.from({ length: 10 }, (_, i) => `/files/users/1/image/${i}`) }, '图片最多 9 项'],
      ['an empty image URL', { images: [''] }, '图片地址不能为空'],
      ['a number as image', { images: [7] }, '图片地址格式不正确'],
      ['a huge image URL', { images: [`/files/${'a'.repeat(3000)}`] }, '图片地址不能超过 2048 个字'],
      ['a number as templateId', { templateId: 3 }, '模板ID格式不正确'],
      ['a huge templateId', { templateId: HUGE }, '模板ID不能超过 32 个字'],
      ['an empty clientRequestId', { clientRequestId: '' }, '请求ID不能为空'],
      ['a clientRequestId of 65 characters', { clientRequestId: 'r'.repeat(65) }, '请求ID不能超过 64 个字'],
      ['a clientRequestId with a control character', { clientRequestId: 'a\u0000b' }, '请求ID不能包含控制字符'],
    ])('refuses %s with rspCode 2, creating and charging nothing', async (_name, overrides, rspMsg) => {
      const { user, token } = await signedInUser(ctx.db(), { points: 100 });
      const body = { token, ...taskBody(), ...overrides } as Record<string, unknown>;
      for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
      const res = await ctx.post(`${TASK_API}/save`, body);
      expect([res.status, res.body]).toEqual([200, { rspCode: 2, rspMsg }]);
      const [tasks] = await ctx.db().select({ n: count() }).from(videoTasks).where(eq(videoTasks.userId, user.id));
      expect(tasks!.n).toBe(0);
      expect((await userState(ctx.db(), user.id)).points).toBe(100);
    });

    it('trims the text fields', async () => {
      const { token } = await signedInUser(ctx.db(), { points: 100 });
      const task = await saveOk(ctx, token, { title: '  春日  ', prompt: ' 花海 ' });
      expect([task.title, task.prompt]).toEqual(['春日', '花海']);
    });

    it('ignores fields it does not know (cost, status, userId)', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 100 });
      const task = await saveOk(ctx, token, { cost: 0, status: 'succeeded', userId: 1, progress: 100, priority: 9 });
      expect(task).toMatchObject({ cost: 5, status: 'queued', progress: 0 });
      expect((await userState(ctx.db(), user.id)).points).toBe(95);
    });
  });

  it.each([
    ['quote', { duration: 3 }, '视频时长不能小于 5'],
    ['quote', { duration: 'ten' }, '视频时长格式不正确'],
    ['quote', {}, '视频时长不能为空'],
    ['quote', { duration: 10, templateId: 'a\u0007' }, '模板ID不能包含控制字符'],
    ['query_user_task', { status: 'done' }, '状态只能是 queued、processing、succeeded、failed、cancelled'],
    ['query_user_task', { status: SQL }, '状态只能是 queued、processing、succeeded、failed、cancelled'],
    ['query_user_task', { page: 0 }, '页码不能小于 1'],
    ['query_user_task', { pageSize: 51 }, '每页条数不能大于 50'],
    ['query_user_task', { page: '1' }, '页码格式不正确'],
    ...BY_ID.flatMap((call) => [
      [call, {}, '视频ID不能为空'],
      [call, { id: '' }, '视频ID不能为空'],
      [call, { id: 42 }, '视频ID格式不正确'],
      [call, { id: ['1'] }, '视频ID格式不正确'],
      [call, { id: HUGE }, '视频ID不能超过 32 个字'],
      [call, { id: '1\u0000' }, '视频ID不能包含控制字符'],
    ]),
  ] as [string, Record<string, unknown>, string][])('%s refuses %j with rspCode 2', async (call, body, rspMsg) => {
    const { token } = await signedInUser(ctx.db());
    const res = await ctx.post(`${TASK_API}/${call}`, { token, ...body });
    expect([res.status, res.body]).toEqual([200, { rspCode: 2, rspMsg }]);
  });

  describe.each(CALLS)('%s', (call) => {
    const url = `${TASK_API}/${call}`;

    it('answers a body that is not an object with rspCode 2', async () => {
      for (const payload of ['[]', '"text"', '42', 'null']) {
        const res = await ctx.app().inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
        expect([payload, res.statusCode, res.json()]).toEqual([payload, 200, { rspCode: 2, rspMsg: '请求参数格式不正确' }]);
      }
    });

    it('answers malformed JSON with 400 { msg }', async () => {
      const res = await ctx.app().inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"id":' });
      expect([res.statusCode, res.json()]).toEqual([400, { msg: '请求体不是合法的 JSON' }]);
    });

    it('answers a body over 1 MiB with 413 { msg }', async () => {
      const res = await ctx.app().inject({ method: 'POST', url, payload: { prompt: 'x'.repeat(1024 * 1024 + 10) } });
      expect([res.statusCode, res.json()]).toEqual([413, { msg: '请求体过大' }]);
    });

    it('asks to sign in with a SQL-looking token', async () => {
      expect((await ctx.post(url, { token: SQL, id: '1', duration: 5, ...taskBody() })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
    });
  });
});
