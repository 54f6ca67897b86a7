import { count, eq } from 'drizzle-orm';
import { pointsLedger, videoTasks } from '../../../../../src/db/schema.js';
import { changePoints } from '../../../../../src/modules/points/ledger.js';
import { addTemplate } from '../../../../../src/modules/templates/templates.js';
import { describeTaskEngines } from '../../../../helpers/task-engines.js';
import { ledgerOfTask, saveOk, taskBody, taskRow, TASK_API, uploadImage } from '../../../../helpers/tasks.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../../../helpers/users.js';

const SAVE = `${TASK_API}/save`;
const DAY = 24 * 3600 * 1000;

describeTaskEngines('POST /api/v1/video_task/save', (ctx) => {
  const tasksOf = async (userId: number) => (await ctx.db().select({ n: count() }).from(videoTasks).where(eq(videoTasks.userId, userId)))[0]!.n;

  it('queues the task and takes its cost in the same transaction: balance and a generate row with the task id', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 20 });
    const image = await uploadImage(ctx, token);
    const before = Date.now();

    const res = await ctx.post(SAVE, { token, ...taskBody({ duration: 8, images: [image] }) });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rspCode: 0,
      rspMsg: '成功',
      data: {
        id: expect.stringMatching(/^\d+$/),
        title: '春日出游',
        prompt: '阳光、花海和笑声。',
        images: [image],
        templateId: '',
        aspectRatio: '9:16',
        duration: 8,
        status: 'queued',
        progress: 0,
        queuePosition: expect.any(Number),
        cost: 8,
        videoUrl: '',
        coverUrl: '',
        coverThumbUrl: '',
        errorMsg: '',
        createdAt: expect.any(Number),
        startedAt: 0,
        finishedAt: 0,
        model: 'builtin',
        captionStyle: 'template',
        stage: { step: 'queued', clipsDone: 0, clipsTotal: 0, label: '排队中' },
        voice: '',
        voiceName: '',
        voiceSpeed: 1,
        followVoice: false,
        music: '',
        musicVolume: 60,
        voiceVolume: 100,
      },
    });
    const task = res.body.data;
    expect(task.queuePosition).toBeGreaterThanOrEqual(1);
    expect(task.createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect((await userState(ctx.db(), user.id)).points).toBe(12);
    const ledger = await ledgerOfTask(ctx, task.id);
    expect(ledger.map((r) => [r.userId, r.type, r.change, r.balance, r.title])).toEqual([[user.id, 'generate', -8, 12, '生成视频「春日出游」']]);
    await expectLedgerMatchesBalances(ctx.db());
  });

  it('keeps the caption style chosen, shows it in the detail and hands it to the renderer\'s task row', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 20 });
    const saved = await saveOk(ctx, token, { duration: 5, captionStyle: 'bold' });
    expect(saved.captionStyle).toBe('bold');
    expect((await taskRow(ctx, saved.id)).captionStyle).toBe('bold');
    const detail = await ctx.post(`${TASK_API}/detail`, { token, id: saved.id });
    expect(detail.body.data).toMatchObject({ id: saved.id, captionStyle: 'bold' });
    // Left out: the template's own look.
    expect((await saveOk(ctx, token, { duration: 5 })).captionStyle).toBe('template');
  });

  it('answers rspCode 3 积分不足 and creates nothing when the balance is short', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 4 });
    expect((await ctx.post(SAVE, { token, ...taskBody({ duration: 5 }) })).body).toEqual({ rspCode: 3, rspMsg: '积分不足' });
    expect(await tasksOf(user.id)).toBe(0);
    expect((await userState(ctx.db(), user.id)).points).toBe(4);
    expect(await ctx.db().select().from(pointsLedger).where(eq(pointsLedger.userId, user.id))).toHaveLength(1);
  });

  it('spends the balance to exactly 0', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 5 });
    await saveOk(ctx, token, { duration: 5 });
    expect((await userState(ctx.db(), user.id)).points).toBe(0);
  });

  it('never overdraws under concurrent saves: balance 10, five saves of 5 at once → exactly two', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => ctx.post(SAVE, { token, ...taskBody({ duration: 5 }) })));
    const codes = answers.map((a) => a.body.rspCode).sort();
    expect(codes).toEqual([0, 0, 3, 3, 3]);
    expect(await tasksOf(user.id)).toBe(2);
    expect((await userState(ctx.db(), user.id)).points).toBe(0);
    await expectLedgerMatchesBalances(ctx.db());
  });

  describe('clientRequestId', () => {
    it('answers the first task again and charges once', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 30 });
      const first = await saveOk(ctx, token, { clientRequestId: 'req-1' });
      // A retry, even with other fields, is the same submission.
      const again = await saveOk(ctx, token, { clientRequestId: 'req-1', title: '别的标题', duration: 9 });
      expect(again).toEqual(first);
      expect(await tasksOf(user.id)).toBe(1);
      expect((await userState(ctx.db(), user.id)).points).toBe(25);
      expect(await ledgerOfTask(ctx, first.id)).toHaveLength(1);
    });

    it('charges once when the same request arrives several times at once', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 30 });
      const answers = await Promise.all(Array.from({ length: 4 }, () => ctx.post(SAVE, { token, ...taskBody({ clientRequestId: 'double-tap' }) })));
      expect(answers.map((a) => a.body.rspCode)).toEqual([0, 0, 0, 0]);
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      expect(await tasksOf(user.id)).toBe(1);
      expect((await userState(ctx.db(), user.id)).points).toBe(25);
      await expectLedgerMatchesBalances(ctx.db());
    });

    it('is per user: another user with the same id gets a task of their own', async () => {
      const a = await signedInUser(ctx.db(), { points: 10 });
      const b = await signedInUser(ctx.db(), { points: 10 });
      const taskA = await saveOk(ctx, a.token, { clientRequestId: 'shared' });
      const taskB = await saveOk(ctx, b.token, { clientRequestId: 'shared' });
      expect(taskB.id).not.toBe(taskA.id);
      expect((await userState(ctx.db(), b.user.id)).points).toBe(5);
    });

    it('creates nothing after a refusal, so the retry with more points goes through', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 3 });
      expect((await ctx.post(SAVE, { token, ...taskBody({ clientRequestId: 'poor' }) })).body.rspCode).toBe(3);
      await ctx.db().transaction((tx) => changePoints(tx, { userId: user.id, change: 10, type: 'admin', title: '补偿' }));
      expect((await saveOk(ctx, token, { clientRequestId: 'poor' })).status).toBe('queued');
      expect((await userState(ctx.db(), user.id)).points).toBe(8);
    });

    it('answers rspCode 4 once that first task was deleted, charging nothing', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 20 });
      const first = await saveOk(ctx, token, { clientRequestId: 'gone' });
      expect((await ctx.post(`${TASK_API}/delete`, { token, id: first.id })).body.rspCode).toBe(0);
      expect((await ctx.post(SAVE, { token, ...taskBody({ clientRequestId: 'gone' }) })).body).toEqual({ rspCode: 4, rspMsg: '视频不存在' });
      expect((await userState(ctx.db(), user.id)).points).toBe(20);
    });
  });

  describe('images', () => {
    it('takes up to 9 of the user\'s own uploads, in order', async () => {
      const { token } = await signedInUser(ctx.db(), { points: 10 });
      const images = await Promise.all(Array.from({ length: 9 }, () => uploadImage(ctx, token)));
      const task = await saveOk(ctx, token, { images });
      expect(task.images).toEqual(images);
      expect((await taskRow(ctx, task.id)).images).toEqual(images);
    });

    it.each([
      ['another user\'s upload', 'other'],
      ['a key issued but never uploaded', 'issued'],
      ['an avatar', 'avatar'],
      ['a URL of another site', 'https://example.com/a.png'],
      ['an unknown key', '/files/users/1/image/0123456789abcdef0123456789abcdef'],
      ['a SQL-looking URL', "/files/x' OR '1'='1"],
    ])('refuses %s with rspCode 2 图片地址无效, creating and charging nothing', async (_name, kind) => {
      const { user, token } = await signedInUser(ctx.db(), { points: 10 });
      let url = kind;
      if (kind === 'other') url = await uploadImage(ctx, (await signedInUser(ctx.db())).token);
      if (kind === 'issued') url = (await ctx.post('/server_api/oss/stsPolicy', { token, kind: 'image' })).body.data.url;
      if (kind === 'avatar') url = await uploadImage(ctx, token, 'avatar');
      const good = await uploadImage(ctx, token);
      expect((await ctx.post(SAVE, { token, ...taskBody({ images: [good, url] }) })).body).toEqual({ rspCode: 2, rspMsg: '图片地址无效' });
      expect(await tasksOf(user.id)).toBe(0);
      expect((await userState(ctx.db(), user.id)).points).toBe(10);
    });
  });

  describe('templates', () => {
    it('keeps the template of a known id', async () => {
      const template = await addTemplate(ctx.db(), ctx.app().config, {
        title: '清新', description: '', category: '旅行', style: 'fresh', coverUrl: '/files/t/1.jpg', videoUrl: '/files/t/1.mp4', duration: 10, aspectRatio: '9:16', sort: 0, params: {},
      });
      const { token } = await signedInUser(ctx.db(), { points: 10 });
      expect((await saveOk(ctx, token, { templateId: template.id })).templateId).toBe(template.id);
      expect((await saveOk(ctx, token, { templateId: '' })).templateId).toBe('');
    });

    it.each(['999999999', 'abc', "1' OR '1'='1"])('answers rspCode 4 模板不存在 for %j, charging nothing', async (templateId) => {
      const { user, token } = await signedInUser(ctx.db(), { points: 10 });
      expect((await ctx.post(SAVE, { token, ...taskBody({ templateId }) })).body).toEqual({ rspCode: 4, rspMsg: '模板不存在' });
      expect(await tasksOf(user.id)).toBe(0);
      expect((await userState(ctx.db(), user.id)).points).toBe(10);
    });
  });

  it('gives members\' tasks priority, as membership stands at save', async () => {
    const member = await signedInUser(ctx.db(), { points: 10, memberUntil: new Date(Date.now() + DAY) });
    const lapsed = await signedInUser(ctx.db(), { points: 10, memberUntil: new Date(Date.now() - DAY) });
    const never = await signedInUser(ctx.db(), { points: 10 });
    expect((await taskRow(ctx, (await saveOk(ctx, member.token)).id)).priority).toBe(1);
    expect((await taskRow(ctx, (await saveOk(ctx, lapsed.token)).id)).priority).toBe(0);
    expect((await taskRow(ctx, (await saveOk(ctx, never.token)).id)).priority).toBe(0);
  });

  it('stores SQL-looking text as plain text', async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const sqlText = "'; DROP TABLE video_tasks; --";
    const task = await saveOk(ctx, token, { title: sqlText, prompt: sqlText, clientRequestId: sqlText });
    expect([task.title, task.prompt]).toEqual([sqlText, sqlText]);
    expect((await taskRow(ctx, task.id)).clientRequestId).toBe(sqlText);
  });

  it('asks to sign in without a valid token, creating nothing', async () => {
    expect((await ctx.post(SAVE, taskBody())).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
    expect((await ctx.post(SAVE, { token: 'nope', ...taskBody() })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
  });
});

describeTaskEngines(
  'POST /api/v1/video_task/save with POINTS_PER_SECOND=3',
  (ctx) => {
    it('charges 3 points per second', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 100 });
      expect((await saveOk(ctx, token, { duration: 10 })).cost).toBe(30);
      expect((await userState(ctx.db(), user.id)).points).toBe(70);
    });
  },
  { POINTS_PER_SECOND: '3' },
);

describeTaskEngines(
  'POST /api/v1/video_task/save with POINTS_PER_SECOND=0',
  (ctx) => {
    it('makes free tasks with no ledger row', async () => {
      const { user, token } = await signedInUser(ctx.db());
      const task = await saveOk(ctx, token, { duration: 60 });
      expect(task.cost).toBe(0);
      expect(await ledgerOfTask(ctx, task.id)).toEqual([]);
      expect((await userState(ctx.db(), user.id)).points).toBe(0);
    });
  },
  { POINTS_PER_SECOND: '0' },
);
