import { count, eq } from 'drizzle-orm';
import { users, videoTasks } from '../../src/db/schema.js';
import { describeEngines, uniquePhone } from '../helpers/engines.js';
import { taskBody, TASK_API } from '../helpers/tasks.js';
import { signedInUser } from '../helpers/users.js';

const ADMIN_TOKEN = 'admin-token-for-the-invisible-characters-tests';

/** Characters a visible text field refuses, each with the words rspMsg uses for its kind. */
const REFUSED: [name: string, char: string, says: string][] = [
  ['C1 control U+0080', '\u0080', '不能包含控制字符'],
  ['C1 next line U+0085', '\u0085', '不能包含控制字符'],
  ['C1 control U+009B (CSI)', '\u009b', '不能包含控制字符'],
  ['C1 control U+009F', '\u009f', '不能包含控制字符'],
  ['left-to-right embedding U+202A', '\u202a', '不能包含不可见字符'],
  ['right-to-left override U+202E', '\u202e', '不能包含不可见字符'],
  ['left-to-right isolate U+2066', '\u2066', '不能包含不可见字符'],
  ['first strong isolate U+2068', '\u2068', '不能包含不可见字符'],
  ['pop directional isolate U+2069', '\u2069', '不能包含不可见字符'],
  ['left-to-right mark U+200E', '\u200e', '不能包含不可见字符'],
  ['right-to-left mark U+200F', '\u200f', '不能包含不可见字符'],
  ['Arabic letter mark U+061C', '\u061c', '不能包含不可见字符'],
  ['zero-width space U+200B', '\u200b', '不能包含不可见字符'],
  ['line separator U+2028', '\u2028', '不能包含不可见字符'],
  ['word joiner U+2060', '\u2060', '不能包含不可见字符'],
  ['byte order mark U+FEFF', '\ufeff', '不能包含不可见字符'],
  ['lone high surrogate U+D800', '\ud800', '不能包含无效字符'],
  ['lone low surrogate U+DFFF', '\udfff', '不能包含无效字符'],
  ['surrogates in the wrong order', '\udc00\ud800', '不能包含无效字符'],
];

/** Text that looks plain yet is not refused: emoji (surrogate pairs, ZWJ sequences, flags) and the zero-width non-joiner. */
const ALLOWED = ['😀', '👨‍👩‍👧', '🇨🇳', 'می‌خواهم', '春日😀出游'];

type Call = (ctx: Parameters<Parameters<typeof describeEngines>[1]>[0], token: string, value: string) => Promise<{ body: any }>;

/** Every visible text field: the call that takes it, and its name in rspMsg. */
const FIELDS: [field: string, title: string, call: Call][] = [
  ['login_or_register nickname', '昵称', (ctx, _t, v) => ctx.post('/api/v1/account/login_or_register', { phone: uniquePhone(), password: 'secret123', nickname: `小${v}明` })],
  ['change_info nickname', '昵称', (ctx, token, v) => ctx.post('/api/v1/account/change_info', { token, nickname: `小${v}明` })],
  ['change_info name', '姓名', (ctx, token, v) => ctx.post('/api/v1/account/change_info', { token, name: `张${v}三` })],
  ['save title', '标题', (ctx, token, v) => ctx.post(`${TASK_API}/save`, { token, ...taskBody({ title: `春${v}日` }) })],
  ['save prompt (the script)', '文案', (ctx, token, v) => ctx.post(`${TASK_API}/save`, { token, ...taskBody({ prompt: `阳光${v}花海` }) })],
  ['quote templateId', '模板ID', (ctx, token, v) => ctx.post(`${TASK_API}/quote`, { token, duration: 5, templateId: `1${v}2` })],
  ['activate code', '激活码', (ctx, token, v) => ctx.post('/api/v1/activationCode/activate', { token, code: `ABCD${v}EFGH` })],
  ['sysVideo list category', '分类', (ctx, _t, v) => ctx.post('/api/v1/sysVideo/list', { category: `美${v}食` })],
  ...(['title', 'description', 'category', 'style'] as const).map((field): [string, string, Call] => [
    `admin templates/add ${field}`,
    { title: '标题', description: '描述', category: '分类', style: '风格' }[field],
    (ctx, _t, v) =>
      ctx.post(
        '/admin/api/templates/add',
        { title: '夜景', category: '风景', style: '霓虹', duration: 15, aspectRatio: '9:16', [field]: `夜${v}景` },
        { authorization: `Bearer ${ADMIN_TOKEN}` },
      ),
  ]),
  ['admin points/grant reason', '原因', (ctx, _t, v) => ctx.post('/admin/api/points/grant', { phone: uniquePhone(), change: 5, reason: `奖${v}励` }, { authorization: `Bearer ${ADMIN_TOKEN}` })],
  ['admin codes/create note', '备注', (ctx, _t, v) => ctx.post('/admin/api/codes/create', { points: 1, days: 0, count: 1, note: `备${v}注` }, { authorization: `Bearer ${ADMIN_TOKEN}` })],
];

describeEngines(
  'invisible characters in text fields',
  (ctx) => {
    let token: string;
    let userId: number;
    beforeAll(async () => {
      ({ token, user: { id: userId } } = await signedInUser(ctx.db(), { points: 100 }));
    });

    describe.each(FIELDS)('%s', (_field, title, call) => {
      it.each(REFUSED)('refuses a %s with rspCode 2 naming the field', async (_name, char, says) => {
        expect((await call(ctx, token, char)).body).toEqual({ rspCode: 2, rspMsg: `${title}${says}` });
      });
    });

    it('stores nothing refused: no account, no task, the nickname unchanged', async () => {
      const users0 = (await ctx.db().select({ n: count() }).from(users))[0]!.n;
      const [before] = await ctx.db().select().from(users).where(eq(users.id, userId));
      for (const [, char] of REFUSED) {
        await ctx.post('/api/v1/account/login_or_register', { phone: uniquePhone(), password: 'secret123', nickname: `a${char}b` });
        await ctx.post('/api/v1/account/change_info', { token, nickname: `a${char}b` });
        await ctx.post(`${TASK_API}/save`, { token, ...taskBody({ title: `a${char}b` }) });
      }
      expect((await ctx.db().select({ n: count() }).from(users))[0]!.n).toBe(users0);
      expect((await ctx.db().select().from(users).where(eq(users.id, userId)))[0]!.nickname).toBe(before!.nickname);
      expect((await ctx.db().select({ n: count() }).from(videoTasks).where(eq(videoTasks.userId, userId)))[0]!.n).toBe(0);
    });

    it.each(ALLOWED)('keeps %s in a nickname and a title', async (value) => {
      const changed = await ctx.post('/api/v1/account/change_info', { token, nickname: value });
      expect(changed.body).toMatchObject({ rspCode: 0, data: { nickname: value } });
      const saved = await ctx.post(`${TASK_API}/save`, { token, ...taskBody({ title: value, prompt: `${value}的一天` }) });
      expect(saved.body).toMatchObject({ rspCode: 0, data: { title: value, prompt: `${value}的一天` } });
    });
  },
  { ADMIN_TOKEN, WORKERS: '0' },
);
