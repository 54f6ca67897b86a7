import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/plugins/json-body.js';
import { signedInUser } from '../helpers/users.js';
import { describeEngines, uniquePhone } from '../helpers/engines.js';

const ADMIN_TOKEN = 'admin-token-for-the-json-body-tests';
const LEVELS = 100_000;
const json = { 'content-type': 'application/json' };

/** `{"<field>": <value nested LEVELS deep>}` as text: arrays `[[[…]]]` or objects `{"a":{"a":…}}`. */
function deepBody(field: string, kind: 'arrays' | 'objects', levels = LEVELS): string {
  const value = kind === 'arrays' ? '['.repeat(levels) + ']'.repeat(levels) : '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
  return `{"${field}":${value}}`;
}

describe('nestsDeeperThan', () => {
  it.each([
    ['{}', 1, false],
    ['{"a":[1,{"b":[]}]}', 4, false],
    ['{"a":[1,{"b":[]}]}', 3, true],
    ['[[]]', 1, true],
    ['{"a":"[[[[{{{{"}', 1, false],
    ['{"a":"\\"[[[["}', 1, false],
    ['{"a":"\\\\","b":[[]]}', 3, false],
    ['{"a":"\\\\","b":[[[]]]}', 3, true],
  ])('%s deeper than %d: %s', (text, max, deeper) => {
    expect(nestsDeeperThan(text, max)).toBe(deeper);
  });
});

describeEngines(
  'a deeply nested JSON body',
  (ctx) => {
    /** Every POST route of the OpenAPI document, with a body that passes authentication where one is needed. */
    async function postRoutes(): Promise<string[]> {
      const doc = (await ctx.app().inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
      return Object.entries(doc.paths)
        .filter(([, operations]) => 'post' in operations)
        .map(([path]) => path);
    }

    it.each(['arrays', 'objects'] as const)('of %s answers 400 on every POST route, and the server answers the next call', async (kind) => {
      const { token } = await signedInUser(ctx.db());
      const urls = await postRoutes();
      expect(urls).toEqual(expect.arrayContaining(['/api/v1/account/login_or_register', '/api/v1/video_task/save', '/admin/api/templates/add']));
      for (const url of urls) {
        for (const field of ['nickname', 'title', 'params', 'x']) {
          const res = await ctx.app().inject({
            method: 'POST',
            url,
            headers: { ...json, authorization: `Bearer ${url.startsWith('/admin/') ? ADMIN_TOKEN : token}` },
            payload: deepBody(field, kind),
          });
          expect([url, field, res.statusCode, res.json()]).toEqual([url, field, 400, { msg: '请求体嵌套过深' }]);
        }
      }
      const signUp = await ctx.post('/api/v1/account/login_or_register', { phone: uniquePhone(), password: 'secret123' });
      expect(signUp.body.rspCode).toBe(0);
    });

    it('answers 400 for a top-level array nested deeply, and for one just past the limit', async () => {
      for (const payload of ['['.repeat(LEVELS) + ']'.repeat(LEVELS), deepBody('nickname', 'arrays', MAX_JSON_DEPTH)]) {
        const res = await ctx.app().inject({ method: 'POST', url: '/api/v1/account/login_or_register', headers: json, payload });
        expect([res.statusCode, res.json()]).toEqual([400, { msg: '请求体嵌套过深' }]);
      }
    });

    it('leaves bodies within the limit to the schema (rspCode 2 naming the field)', async () => {
      const payload = deepBody('nickname', 'arrays', MAX_JSON_DEPTH - 1).replace('{"nickname"', '{"phone":"13800138000","password":"secret123","nickname"');
      const res = await ctx.app().inject({ method: 'POST', url: '/api/v1/account/login_or_register', headers: json, payload });
      expect([res.statusCode, res.json()]).toEqual([200, { rspCode: 2, rspMsg: '昵称格式不正确' }]);
    });

    it('takes brackets inside strings as text', async () => {
      const res = await ctx.post('/api/v1/account/login_or_register', { phone: uniquePhone(), password: 'secret123', nickname: '[['.repeat(10) });
      expect(res.body).toMatchObject({ rspCode: 0, data: { nickname: '[['.repeat(10) } });
    });
  },
  { ADMIN_TOKEN, WORKERS: '0' },
);
