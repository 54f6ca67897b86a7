import { codeBatches, sysVideos } from '../../../src/db/schema.js';
import { describeEngines } from '../../helpers/engines.js';
import { signedInUser } from '../../helpers/users.js';

const ADMIN_TOKEN = 'admin-token-for-the-auth-tests';

const ROUTES: [string, Record<string, unknown>][] = [
  ['/admin/api/codes/create', { points: 1, days: 0, count: 1 }],
  ['/admin/api/codes/batches', {}],
  ['/admin/api/codes/list', {}],
  ['/admin/api/codes/disable', { code: 'ABCDEFGHJKLMNPQR' }],
  ['/admin/api/points/grant', { phone: '13800138000', change: 5, reason: '奖励' }],
  ['/admin/api/templates/add', { title: 't', category: 'c', style: 's', duration: 10, aspectRatio: '9:16' }],
];

describeEngines(
  'admin API authentication',
  (ctx) => {
    it.each(ROUTES)('%s answers 401 without the admin token', async (url, body) => {
      const res = await ctx.post(url, body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ msg: '缺少管理令牌' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect((await ctx.post(url, body, { authorization: `Basic ${ADMIN_TOKEN}` })).body).toEqual({ msg: '缺少管理令牌' });
      expect((await ctx.post(url, { ...body, token: ADMIN_TOKEN })).status).toBe(401);
    });

    it.each(ROUTES)('%s answers 401 with a wrong token, a user token or a near miss', async (url, body) => {
      const { token: userToken } = await signedInUser(ctx.db());
      for (const wrong of ['wrong', userToken, ADMIN_TOKEN.slice(0, -1), `${ADMIN_TOKEN}x`, ADMIN_TOKEN.toUpperCase()]) {
        const res = await ctx.post(url, body, { authorization: `Bearer ${wrong}` });
        expect([wrong, res.status, res.body]).toEqual([wrong, 401, { msg: '管理令牌无效' }]);
      }
    });

    it('changes nothing when refused, and answers with the right token', async () => {
      expect(await ctx.db().$count(codeBatches)).toBe(0);
      expect(await ctx.db().$count(sysVideos)).toBe(0);
      const res = await ctx.post('/admin/api/codes/batches', {}, { authorization: `Bearer ${ADMIN_TOKEN}` });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ rspCode: 0, rspMsg: '成功', data: { list: [], total: 0, page: 1, pageSize: 100, hasMore: false } });
    });

    it('refuses before reading the body: a malformed body without the token is still a 401', async () => {
      const res = await ctx.app().inject({ method: 'POST', url: '/admin/api/codes/create', payload: '{not json', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(401);
    });

    it('lists every admin route in /docs/json with its body and its 200 and 401 answers', async () => {
      const doc = (await ctx.app().inject({ method: 'GET', url: '/docs/json' })).json();
      for (const [url] of ROUTES) {
        const operation = doc.paths[url]?.post;
        expect([url, operation?.tags]).toEqual([url, ['admin']]);
        expect(operation.requestBody.content['application/json'].schema.type).toBe('object');
        expect(Object.keys(operation.responses).sort()).toEqual(['200', '401']);
      }
    });
  },
  { ADMIN_TOKEN },
);
