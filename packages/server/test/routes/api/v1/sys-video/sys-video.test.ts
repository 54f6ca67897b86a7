import { eq } from 'drizzle-orm';
import { sysVideos } from '../../../../../src/db/schema.js';
import { addTemplate, type NewTemplate } from '../../../../../src/modules/templates/templates.js';
import { describeEngines } from '../../../../helpers/engines.js';

let categories = 0;
/** A category no other test uses, so each test sees only its own templates. */
const freshCategory = () => `分类${(categories += 1)}`;

const template = (overrides: Partial<NewTemplate>): NewTemplate => ({
  title: '模板',
  description: '',
  category: '',
  style: '清新',
  coverUrl: '/files/t/0.jpg',
  videoUrl: '/files/t/0.mp4',
  duration: 15,
  aspectRatio: '9:16',
  sort: 0,
  params: {},
  ...overrides,
});

describeEngines('POST /api/v1/sysVideo/*', (ctx) => {
  describe('list', () => {
    it('needs no sign-in, and answers a page of templates', async () => {
      const category = freshCategory();
      const added = await addTemplate(ctx.db(), ctx.app().config, template({ title: '城市夜景', description: '霓虹与车流', category, coverUrl: '/files/t/1.jpg', videoUrl: '/files/t/1.mp4', duration: 20, aspectRatio: '16:9', sort: 3 }));
      const { status, body } = await ctx.post('/api/v1/sysVideo/list', { category });
      expect(status).toBe(200);
      expect(body).toEqual({
        rspCode: 0,
        rspMsg: '成功',
        data: {
          list: [
            { id: added.id, title: '城市夜景', description: '霓虹与车流', category, style: '清新', coverUrl: '/files/t/1.jpg', coverThumbUrl: '/thumbs/t/1.jpg', videoUrl: '/files/t/1.mp4', duration: 20, aspectRatio: '16:9', sort: 3 },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
          hasMore: false,
          pending: 0,
          categories: expect.arrayContaining([category]),
        },
      });
      expect(added.id).toMatch(/^\d+$/);
    });

    it('sorts by sort, then newest first', async () => {
      const category = freshCategory();
      for (const [title, sort] of [['b-old', 2], ['a', 1], ['b-new', 2], ['c', -5], ['d', 10]] as const) {
        await addTemplate(ctx.db(), ctx.app().config, template({ title, sort, category }));
      }
      const { body } = await ctx.post('/api/v1/sysVideo/list', { category });
      expect(body.data.list.map((t: { title: string }) => t.title)).toEqual(['c', 'a', 'b-new', 'b-old', 'd']);
    });

    it('filters by category; no category (or an empty one) lists them all', async () => {
      const [dance, food] = [freshCategory(), freshCategory()];
      await addTemplate(ctx.db(), ctx.app().config, template({ title: '舞蹈1', category: dance }));
      await addTemplate(ctx.db(), ctx.app().config, template({ title: '美食1', category: food }));
      await addTemplate(ctx.db(), ctx.app().config, template({ title: '舞蹈2', category: dance }));

      const onlyDance = await ctx.post('/api/v1/sysVideo/list', { category: dance });
      expect(onlyDance.body.data.list.map((t: { title: string }) => t.title)).toEqual(['舞蹈2', '舞蹈1']);
      expect(onlyDance.body.data.total).toBe(2);

      const all = await ctx.post('/api/v1/sysVideo/list', { pageSize: 50 });
      const total = await ctx.db().$count(sysVideos);
      expect(all.body.data.total).toBe(total);
      expect(all.body.data.list.map((t: { title: string }) => t.title)).toEqual(expect.arrayContaining(['舞蹈1', '美食1', '舞蹈2']));
      expect((await ctx.post('/api/v1/sysVideo/list', { category: '  ', pageSize: 50 })).body.data.total).toBe(total);

      expect((await ctx.post('/api/v1/sysVideo/list', { category: "' OR ''='" })).body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 10, hasMore: false, pending: 0, categories: expect.any(Array) });
    });

    it('pages', async () => {
      const category = freshCategory();
      for (let i = 1; i <= 5; i += 1) await addTemplate(ctx.db(), ctx.app().config, template({ title: `t${i}`, sort: i, category }));
      const page2 = await ctx.post('/api/v1/sysVideo/list', { category, page: 2, pageSize: 2 });
      expect(page2.body.data).toMatchObject({ total: 5, page: 2, pageSize: 2, hasMore: true });
      expect(page2.body.data.list.map((t: { title: string }) => t.title)).toEqual(['t3', 't4']);
      const page3 = await ctx.post('/api/v1/sysVideo/list', { category, page: 3, pageSize: 2 });
      expect(page3.body.data).toMatchObject({ total: 5, hasMore: false });
      expect(page3.body.data.list.map((t: { title: string }) => t.title)).toEqual(['t5']);
    });

    it('says how many samples are still being made, and lists the categories of the templates shown', async () => {
      const [ready, waiting] = [freshCategory(), freshCategory()];
      await addTemplate(ctx.db(), ctx.app().config, template({ title: '就绪', category: ready, sort: -100 }));
      // Without its URLs a template waits for its sample (pending, then rendering): not listed, but counted.
      const first = await addTemplate(ctx.db(), ctx.app().config, template({ title: '制作中', category: waiting, coverUrl: '', videoUrl: '' }));
      const second = await addTemplate(ctx.db(), ctx.app().config, template({ title: '渲染中', category: waiting, coverUrl: '', videoUrl: '' }));
      await ctx.db().update(sysVideos).set({ sampleStatus: 'rendering' }).where(eq(sysVideos.id, Number(second.id)));
      let data = (await ctx.post('/api/v1/sysVideo/list', {})).body.data;
      expect(data.pending).toBe(2);
      expect(data.categories[0]).toBe(ready);
      expect(data.categories).not.toContain(waiting);
      expect(data.list.map((t: { title: string }) => t.title)).not.toContain('制作中');

      // Samples stored (or given up on): nothing pending, and the category appears.
      await ctx.db().update(sysVideos).set({ sampleStatus: 'ready', coverUrl: '/files/t/9.jpg', videoUrl: '/files/t/9.mp4' }).where(eq(sysVideos.id, Number(first.id)));
      await ctx.db().update(sysVideos).set({ sampleStatus: 'failed' }).where(eq(sysVideos.id, Number(second.id)));
      data = (await ctx.post('/api/v1/sysVideo/list', {})).body.data;
      expect(data.pending).toBe(0);
      expect(data.categories).toContain(waiting);
      // Asked per category, the same two facts about the whole gallery.
      expect((await ctx.post('/api/v1/sysVideo/list', { category: ready })).body.data).toMatchObject({ total: 1, pending: 0, categories: data.categories });
    });

    it.each([
      [{ page: 0 }, '页码不能小于 1'],
      [{ pageSize: 51 }, '每页条数不能大于 50'],
      [{ pageSize: '10' }, '每页条数格式不正确'],
      [{ category: 5 }, '分类格式不正确'],
      [{ category: '舞蹈\n' + '美食' }, '分类不能包含控制字符'],
      [{ category: '长'.repeat(21) }, '分类不能超过 20 个字'],
      [{ category: 'x'.repeat(1_000_000) }, '分类不能超过 20 个字'],
    ])('answers rspCode 2 for %j', async (body, rspMsg) => {
      expect((await ctx.post('/api/v1/sysVideo/list', body)).body).toEqual({ rspCode: 2, rspMsg });
    });
  });

  describe('detail', () => {
    it('answers the template by its id', async () => {
      const { sampleStatus: _, ...added } = await addTemplate(ctx.db(), ctx.app().config, template({ title: '海边日落', category: freshCategory(), sort: 7 }));
      expect((await ctx.post('/api/v1/sysVideo/detail', { id: added.id })).body).toEqual({ rspCode: 0, rspMsg: '成功', data: added });
      expect((await ctx.post('/api/v1/sysVideo/detail', { id: ` ${added.id} ` })).body.data.title).toBe('海边日落');
    });

    it.each(['999999999', '0', '-1', 'abc', '1.5', '1e3', "1' OR '1'='1", '99999999999999999999999', '0x10'])(
      'answers rspCode 4 模板不存在 for id %j',
      async (id) => {
        expect((await ctx.post('/api/v1/sysVideo/detail', { id })).body).toEqual({ rspCode: 4, rspMsg: '模板不存在' });
      },
    );

    it.each([
      [{}, '模板ID不能为空'],
      [{ id: '' }, '模板ID不能为空'],
      [{ id: 1 }, '模板ID格式不正确'],
      [{ id: null }, '模板ID格式不正确'],
      [{ id: '1\u0007' }, '模板ID不能包含控制字符'],
      [{ id: '1'.repeat(33) }, '模板ID不能超过 32 个字'],
    ])('answers rspCode 2 for %j', async (body, rspMsg) => {
      expect((await ctx.post('/api/v1/sysVideo/detail', body)).body).toEqual({ rspCode: 2, rspMsg });
    });
  });
});
