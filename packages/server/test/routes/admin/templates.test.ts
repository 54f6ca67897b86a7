import { eq } from 'drizzle-orm';
import { sysVideos } from '../../../src/db/schema.js';
import { claimNextSample } from '../../../src/modules/templates/template-samples.js';
import { describeEngines } from '../../helpers/engines.js';

const ADMIN_TOKEN = 'admin-token-for-the-templates-tests';

describeEngines(
  'admin API: templates',
  (ctx) => {
    const add = (body: Record<string, unknown>) => ctx.post('/admin/api/templates/add', body, { authorization: `Bearer ${ADMIN_TOKEN}` });
    const minimal = { title: '城市夜景', category: '风景', style: '霓虹', duration: 15, aspectRatio: '9:16' };

    it('adds a template that sysVideo/list and detail then show', async () => {
      const res = await add({
        ...minimal,
        description: '夜色里的车流',
        sort: 2,
        coverUrl: '/files/templates/1.jpg',
        videoUrl: '/files/templates/1.mp4',
        params: { colors: ['#112233', '#ffcc00'], font: 'Noto Sans SC' },
      });
      const template = {
        id: expect.stringMatching(/^\d+$/),
        title: '城市夜景',
        description: '夜色里的车流',
        category: '风景',
        style: '霓虹',
        coverUrl: '/files/templates/1.jpg',
        // A cover in this server's store: its thumbnails (GET /thumbs/*).
        coverThumbUrl: '/thumbs/templates/1.jpg',
        videoUrl: '/files/templates/1.mp4',
        duration: 15,
        aspectRatio: '9:16',
        sort: 2,
      };
      expect(res.body).toEqual({ rspCode: 0, rspMsg: '成功', data: { ...template, sampleStatus: 'ready' } });
      const { sampleStatus: _, ...shown } = res.body.data;
      expect((await ctx.post('/api/v1/sysVideo/detail', { id: res.body.data.id })).body.data).toEqual(shown);
      const [row] = await ctx.db().select().from(sysVideos).where(eq(sysVideos.id, Number(res.body.data.id)));
      expect(row?.params).toEqual({ colors: ['#112233', '#ffcc00'], font: 'Noto Sans SC' });
      expect((await ctx.post('/api/v1/sysVideo/list', { category: '风景' })).body.data.list).toEqual([shown]);
    });

    it('fills in what is optional', async () => {
      const res = await add({ ...minimal, aspectRatio: '1:1' });
      expect(res.body.data).toMatchObject({ description: '', sort: 0, coverUrl: '', videoUrl: '', aspectRatio: '1:1' });
      const [row] = await ctx.db().select().from(sysVideos).where(eq(sysVideos.id, Number(res.body.data.id)));
      expect(row?.params).toEqual({});
    });

    it('without URLs, keeps the template out of the app and gives it to the workers to render its sample', async () => {
      const res = await add({ ...minimal, title: '待渲染', category: '待渲染', sort: -5 });
      expect(res.body.data).toMatchObject({ title: '待渲染', coverUrl: '', videoUrl: '', sampleStatus: 'pending' });
      // No tile without a cover, no detail that plays nothing…
      expect((await ctx.post('/api/v1/sysVideo/list', { category: '待渲染' })).body.data).toMatchObject({ list: [], total: 0 });
      expect((await ctx.post('/api/v1/sysVideo/detail', { id: res.body.data.id })).body).toMatchObject({ rspCode: 4 });
      // …until a worker has stored its sample (the rendering itself: template-seeds.test.ts). It is
      // the first one waiting (the lowest sort).
      const claimed = await claimNextSample(ctx.db(), { owner: 'test-worker', leaseMs: 60_000, maxAttempts: 3 });
      expect(claimed).toMatchObject({ id: Number(res.body.data.id), title: '待渲染', sampleStatus: 'rendering' });
    });

    it.each([
      [{ coverUrl: '/files/templates/1.jpg' }],
      [{ videoUrl: '/files/templates/1.mp4' }],
    ])('refuses one URL without the other (%j), adding nothing', async (change) => {
      const before = await ctx.db().$count(sysVideos);
      expect((await add({ ...minimal, ...change })).body).toEqual({
        rspCode: 2,
        rspMsg: '封面地址和视频地址要么都给，要么都不给（都不给时由服务器渲染样片）',
      });
      expect(await ctx.db().$count(sysVideos)).toBe(before);
    });

    it('stores SQL-looking text as text', async () => {
      const title = "'; DELETE FROM sys_videos;--";
      const before = await ctx.db().$count(sysVideos);
      expect(before).toBeGreaterThan(0);
      expect((await add({ ...minimal, title })).body.data.title).toBe(title);
      expect(await ctx.db().$count(sysVideos)).toBe(before + 1);
    });

    it.each([
      [{ title: undefined }, '标题不能为空'],
      [{ title: '' }, '标题不能为空'],
      [{ title: '长'.repeat(31) }, '标题不能超过 30 个字'],
      [{ title: 'a\tb' }, '标题不能包含控制字符'],
      [{ category: undefined }, '分类不能为空'],
      [{ category: 1 }, '分类格式不正确'],
      [{ style: undefined }, '风格不能为空'],
      [{ duration: 4 }, '时长不能小于 5'],
      [{ duration: 61 }, '时长不能大于 60'],
      [{ duration: '15' }, '时长格式不正确'],
      [{ aspectRatio: '4:3' }, '画面比例只能是 9:16、16:9、1:1'],
      [{ sort: 1.5 }, '排序格式不正确'],
      [{ description: 'd'.repeat(201) }, '描述不能超过 200 个字'],
      [{ coverUrl: 'u'.repeat(501) }, '封面地址不能超过 500 个字'],
      [{ videoUrl: 'a\u0000' }, '视频地址不能包含控制字符'],
      [{ params: 'colors' }, '渲染参数格式不正确'],
      [{ params: [1, 2] }, '渲染参数格式不正确'],
    ])('answers rspCode 2 for %j and adds nothing', async (change, rspMsg) => {
      const before = await ctx.db().$count(sysVideos);
      expect((await add({ ...minimal, ...change })).body).toEqual({ rspCode: 2, rspMsg });
      expect(await ctx.db().$count(sysVideos)).toBe(before);
    });
  },
  // No workers here: the test claims the sample itself, as a worker would.
  { ADMIN_TOKEN, WORKERS: '0' },
);
