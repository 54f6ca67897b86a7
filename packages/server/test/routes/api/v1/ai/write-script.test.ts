import { and, eq } from 'drizzle-orm';
import { pointsLedger } from '../../../../../src/db/schema.js';
import { addTemplate } from '../../../../../src/modules/templates/templates.js';
import { describeEngines } from '../../../../helpers/engines.js';
import { expectLedgerMatchesBalances, signedInUser, userState } from '../../../../helpers/users.js';
import { startOpenAiChatStandIn, type OpenAiChatStandIn } from '../../../../stand-ins/openai-chat.js';
import { parseEventStream } from './sse.js';

const WRITE = '/api/v1/ai/write_script';
const FEATURES = '/api/v1/ai/features';
const STREAM = { accept: 'text/event-stream' };

let standIn: OpenAiChatStandIn;
const env: Record<string, string> = {};
beforeAll(async () => {
  standIn = await startOpenAiChatStandIn({ models: ['qwen-plus'], basePath: '/compatible-mode/v1' });
  Object.assign(env, { LLM_BASE_URL: standIn.url, LLM_API_KEY: standIn.apiKey, LLM_MODEL: 'qwen-plus', LLM_POINTS: '2' });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.settings.reply = undefined;
  standIn.settings.chunkDelayMs = 0;
});

describeEngines('POST /api/v1/ai/write_script', (ctx) => {
  const ledger = async (userId: number) =>
    (await ctx.db().select().from(pointsLedger).where(and(eq(pointsLedger.userId, userId))).orderBy(pointsLedger.id)).map((r) => [r.type, r.change, r.title]);

  it('is offered, at LLM_POINTS a call (ai/features needs no sign-in)', async () => {
    expect((await ctx.post(FEATURES, {})).body).toEqual({ rspCode: 0, rspMsg: '成功', data: { writeScript: { available: true, points: 2 } } });
  });

  it('writes a script sized to the duration in caption-sized sentences, and charges for it once', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const res = await ctx.post(WRITE, { token, title: '春日出游', duration: 10 });
    expect(res.status).toBe(200);
    expect(res.body.rspCode).toBe(0);
    const script: string = res.body.data.script;
    // About 4 characters a second: the stand-in writes what the prompt asks for.
    expect([...script].length).toBeGreaterThanOrEqual(36);
    expect([...script].length).toBeLessThanOrEqual(56);
    expect(script).not.toMatch(/[\n\r]/);
    const sentences = script.match(/[^。！？]+[。！？]/g) ?? [];
    expect(sentences.join('')).toBe(script);
    expect(sentences.length).toBeGreaterThanOrEqual(4);
    expect(script.startsWith('春日出游来了！')).toBe(true);

    const seen = standIn.requests.at(-1)!;
    expect(seen).toMatchObject({ model: 'qwen-plus', stream: false, maxTokens: expect.any(Number) });
    expect(seen.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(seen.messages[0]!.content).toContain('约 40 个字');
    expect(seen.messages[1]!.content).toContain('标题：春日出游');

    expect((await userState(ctx.db(), user.id)).points).toBe(8);
    expect(await ledger(user.id)).toEqual([['register', 10, '注册赠送'], ['write', -2, 'AI 帮写「春日出游」']]);
    await expectLedgerMatchesBalances(ctx.db());
  });

  it("tells the model the template's theme and style and the user's wishes", async () => {
    const { token } = await signedInUser(ctx.db(), { points: 10 });
    const template = await addTemplate(ctx.db(), ctx.app().config, { title: '城市夜景', description: '霓虹与车流', category: '旅行', style: '电影感', coverUrl: '/files/t/1.jpg', videoUrl: '/files/t/1.mp4', duration: 15, aspectRatio: '9:16', sort: 0, params: {} });
    const res = await ctx.post(WRITE, { token, title: '夜游外滩', duration: 15, templateId: String(template.id), hint: '语气活泼' });
    expect(res.body.rspCode).toBe(0);
    const user = standIn.requests.at(-1)!.messages[1]!.content;
    expect(user).toContain('模板：城市夜景（旅行，电影感）：霓虹与车流');
    expect(user).toContain('补充要求：语气活泼');
    expect((await ctx.post(WRITE, { token, title: '夜游外滩', duration: 15, templateId: '999999' })).body).toEqual({ rspCode: 4, rspMsg: '模板不存在' });
  });

  it('refuses a missing title, a duration out of range and a long hint in Chinese, charging nothing', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    expect((await ctx.post(WRITE, { token, title: '', duration: 10 })).body).toMatchObject({ rspCode: 2, rspMsg: expect.stringContaining('标题') });
    expect((await ctx.post(WRITE, { token, title: '春日', duration: 61 })).body).toMatchObject({ rspCode: 2, rspMsg: expect.stringContaining('视频时长') });
    expect((await ctx.post(WRITE, { token, title: '春日', duration: 10, hint: '长'.repeat(201) })).body).toMatchObject({ rspCode: 2, rspMsg: expect.stringContaining('补充要求') });
    expect((await ctx.post(WRITE, { title: '春日', duration: 10 })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('streams the text as it is written, then the cleaned script, as server-sent events', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    standIn.settings.reply = '## 春日出游\n1. 花开满城，\n2. **一起出发吧**！\n';
    // A browser accepts br and gzip; the stream still goes as it is written, never compressed (or buffered).
    const res = await ctx.app().inject({ method: 'POST', url: WRITE, payload: { token, title: '春日出游', duration: 5 }, headers: { ...STREAM, 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(res.headers['content-encoding']).toBeUndefined();
    // The security headers and the request id ride on the stream as on every answer.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    const events = parseEventStream(res.body);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => JSON.parse(e.data).text as string);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('## 春日出游\n1. 花开满城，\n2. **一起出发吧**！\n');
    expect(events.at(-1)).toEqual({ event: 'done', data: JSON.stringify({ rspCode: 0, rspMsg: '成功', data: { script: '春日出游。花开满城。一起出发吧！' } }) });
    expect(standIn.requests.at(-1)!.stream).toBe(true);
    expect(await ledger(user.id)).toEqual([['register', 10, '注册赠送'], ['write', -2, 'AI 帮写「春日出游」']]);
  });

  it('not enough points: rspCode 3 积分不足, as JSON even when a stream is asked for, and the model is not called', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 1 });
    const calls = standIn.counts.calls;
    expect((await ctx.post(WRITE, { token, title: '春日', duration: 5 })).body).toEqual({ rspCode: 3, rspMsg: '积分不足' });
    const res = await ctx.app().inject({ method: 'POST', url: WRITE, payload: { token, title: '春日', duration: 5 }, headers: STREAM });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ rspCode: 3, rspMsg: '积分不足' });
    expect(standIn.counts.calls).toBe(calls);
    expect((await userState(ctx.db(), user.id)).points).toBe(1);
  });

  it.each([
    ['a 500 twice (the one retry spent)', () => standIn.failNext(2, 500), 'AI 帮写暂时不可用，请稍后再试，积分已退还'],
    ['a 429 twice', () => standIn.failNext(2, 429, '0'), 'AI 帮写繁忙，请稍后再试，积分已退还'],
    ['finish_reason content_filter', () => standIn.filterNext(), '标题或要求未通过内容审核，请换个说法再试，积分已退还'],
  ])('%s: refunded once, with a Chinese reason', async (_name, arrange, message) => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    arrange();
    expect((await ctx.post(WRITE, { token, title: '春日出游', duration: 5 })).body).toEqual({ rspCode: 1, rspMsg: message });
    expect(await ledger(user.id)).toEqual([
      ['register', 10, '注册赠送'],
      ['write', -2, 'AI 帮写「春日出游」'],
      ['refund', 2, 'AI 帮写失败退还「春日出游」'],
    ]);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
    await expectLedgerMatchesBalances(ctx.db());
  });

  it('a retry that succeeds is charged once and refunded never', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    standIn.failNext(1, 500);
    const calls = standIn.counts.calls;
    expect((await ctx.post(WRITE, { token, title: '春日出游', duration: 5 })).body.rspCode).toBe(0);
    expect(standIn.counts.calls - calls).toBe(2);
    expect((await userState(ctx.db(), user.id)).points).toBe(8);
  });

  it('moderation refusing the wishes (400 data_inspection_failed) in a stream: an error event after the refund', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    const res = await ctx.app().inject({ method: 'POST', url: WRITE, payload: { token, title: '春日出游', duration: 5, hint: '违禁' }, headers: STREAM });
    const events = parseEventStream(res.body);
    expect(events).toEqual([{ event: 'error', data: JSON.stringify({ rspCode: 1, rspMsg: '标题或要求未通过内容审核，请换个说法再试，积分已退还' }) }]);
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('content_filter in the middle of a stream: the text so far, then an error event, refunded', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    standIn.filterNext();
    const res = await ctx.app().inject({ method: 'POST', url: WRITE, payload: { token, title: '春日出游', duration: 5 }, headers: STREAM });
    const events = parseEventStream(res.body);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ event: 'error', data: JSON.stringify({ rspCode: 1, rspMsg: '标题或要求未通过内容审核，请换个说法再试，积分已退还' }) });
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('an answer with no usable text is refunded: AI 没有写出可用的文案', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 10 });
    standIn.settings.reply = '```\n---\n```';
    expect((await ctx.post(WRITE, { token, title: '春日出游', duration: 5 })).body).toEqual({ rspCode: 1, rspMsg: 'AI 没有写出可用的文案，请换个说法再试，积分已退还' });
    expect((await userState(ctx.db(), user.id)).points).toBe(10);
  });

  it('a burst over 10 a minute from one user: the rest answer 429 with Retry-After, uncharged', async () => {
    const { user, token } = await signedInUser(ctx.db(), { points: 100 });
    const calls = standIn.counts.calls;
    const answers = await Promise.all(Array.from({ length: 13 }, () => ctx.post(WRITE, { token, title: '春日出游', duration: 5 })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.body.msg).toMatch(/^操作过于频繁/);
    }
    expect(standIn.counts.calls - calls).toBe(10);
    expect((await userState(ctx.db(), user.id)).points).toBe(80);
    // Another user is not held back by this one.
    const other = await signedInUser(ctx.db(), { points: 10 });
    expect((await ctx.post(WRITE, { token: other.token, title: '春日出游', duration: 5 })).status).toBe(200);
    await expectLedgerMatchesBalances(ctx.db());
  });

  describe('a user who taps 停止 (a real connection, closed by the client)', () => {
    let base = '';
    beforeAll(async () => {
      base = await ctx.app().listen({ port: 0, host: '127.0.0.1' });
    });
    // The client's end of an aborted fetch may linger in its pool; the app's close would wait for it.
    afterAll(() => ctx.app().server.closeAllConnections());

    const open = async (token: string, controller: AbortController) => {
      const res = await fetch(`${base}${WRITE}`, { method: 'POST', headers: { 'content-type': 'application/json', ...STREAM }, body: JSON.stringify({ token, title: '春日出游', duration: 20 }), signal: controller.signal });
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      return res.body!.getReader();
    };
    const waitFor = async (check: () => boolean | Promise<boolean>) => {
      for (let i = 0; i < 500 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await check()).toBe(true);
    };

    it('after some text: the model stops writing, and the points stay spent (the text is the user\'s)', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 10 });
      standIn.hangNext();
      const aborted = standIn.counts.aborted;
      const controller = new AbortController();
      const reader = await open(token, controller);
      let received = '';
      while (!received.includes('event: delta')) received += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      await waitFor(() => standIn.counts.aborted > aborted);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await ledger(user.id)).toEqual([['register', 10, '注册赠送'], ['write', -2, 'AI 帮写「春日出游」']]);
    });

    it('before any text: the model stops, and the points come back', async () => {
      const { user, token } = await signedInUser(ctx.db(), { points: 10 });
      standIn.settings.chunkDelayMs = 10_000;
      const aborted = standIn.counts.aborted;
      const controller = new AbortController();
      await open(token, controller);
      controller.abort();
      await waitFor(() => standIn.counts.aborted > aborted);
      await waitFor(async () => (await userState(ctx.db(), user.id)).points === 10);
      expect(await ledger(user.id)).toEqual([['register', 10, '注册赠送'], ['write', -2, 'AI 帮写「春日出游」'], ['refund', 2, 'AI 帮写失败退还「春日出游」']]);
    });
  });
}, env);
