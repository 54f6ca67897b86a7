import type { FastifyInstance } from 'fastify';
import { Enveloped } from '@app/contract';
import { Type } from '@sinclair/typebox';
import { ok } from '../../src/lib/envelope.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { removeTempDirs } from '../helpers/temp-dirs.js';

/** A POST route with a body schema, as the API's calls will have. */
function addEchoRoute(app: FastifyInstance): void {
  app.post(
    '/test/echo',
    {
      schema: {
        body: {
          type: 'object',
          required: ['title'],
          properties: {
            title: { type: 'string', maxLength: 5, title: '标题' },
            count: { type: 'integer', minimum: 1 },
            ratio: { type: 'string', enum: ['9:16', '16:9'] },
          },
        },
        response: { 200: Enveloped(Type.Object({ title: Type.Optional(Type.String()) })) },
      },
    },
    async (request) => ok({ title: (request.body as { title: string }).title }),
  );
}

const json = { 'content-type': 'application/json' };

describe('error handler', () => {
  let app: FastifyInstance;
  let logs: () => Record<string, unknown>[];

  beforeAll(async () => {
    ({ app, logs } = await buildTestApp({ LOG_LEVEL: 'info' }));
    addEchoRoute(app);
    app.get('/test/boom', { schema: { hide: true } }, async () => {
      throw new Error('SELECT token FROM sessions WHERE 1 — at /srv/app/secret.ts');
    });
    app.get('/test/teapot', { schema: { hide: true } }, async () => {
      throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    removeTempDirs();
  });

  it('lets a valid call through', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/echo', headers: json, payload: { title: '你好' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rspCode: 0, rspMsg: '成功', data: { title: '你好' } });
  });

  it('answers an unknown route with 404 { msg }', async () => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['POST', '/api/v1/nope'],
    ] as const) {
      const res = await app.inject({ method, url, headers: json, payload: method === 'POST' ? '{}' : undefined });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: '接口不存在' });
    }
  });

  it('answers 404 for an unknown route even when its body is broken', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/nope', headers: json, payload: '{' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: '接口不存在' });
  });

  it('answers malformed JSON with 400 { msg }', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/echo', headers: json, payload: '{"title":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: '请求体不是合法的 JSON' });
  });

  it('answers an empty JSON body with 400 { msg }', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/echo', headers: json, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: '请求体不能为空' });
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
    'answers content type %s with 400 { msg }',
    async (contentType) => {
      const res = await app.inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': contentType }, payload: 'title=x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: '不支持的请求格式，请使用 application/json' });
    },
  );

  it('accepts JSON with a charset', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{"title":"x"}',
    });
    expect(res.json()).toEqual({ rspCode: 0, rspMsg: '成功', data: { title: 'x' } });
  });

  it('answers a body over 1 MiB with 413 { msg }', async () => {
    const payload = JSON.stringify({ title: 'x', padding: 'a'.repeat(1024 * 1024) });
    const res = await app.inject({ method: 'POST', url: '/test/echo', headers: json, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ msg: '请求体过大' });
  });

  it('accepts a body just under 1 MiB', async () => {
    const payload = JSON.stringify({ title: 'x', padding: 'a'.repeat(1024 * 1024 - 100) });
    const res = await app.inject({ method: 'POST', url: '/test/echo', headers: json, payload });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{}, '标题不能为空'],
    [{ title: '一二三四五六' }, '标题不能超过 5 个字'],
    [{ title: { text: 'x' } }, '标题格式不正确'],
    [{ title: 'x', count: 'many' }, '参数 count 格式不正确'],
    [{ title: 'x', count: 0 }, '参数 count 不能小于 1'],
    [{ title: 'x', ratio: '4:3' }, '参数 ratio 只能是 9:16、16:9'],
    [[], '请求参数格式不正确'],
  ])('answers schema failure %j with HTTP 200, rspCode 2 and the field', async (payload, rspMsg) => {
    const res = await app.inject({ method: 'POST', url: '/test/echo', headers: json, payload: JSON.stringify(payload) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rspCode: 2, rspMsg });
  });

  it('counts characters, not UTF-16 units, against a length limit', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/echo', headers: json, payload: { title: '😀😀😀😀😀' } });
    expect(res.json()).toMatchObject({ rspCode: 0 });
  });

  it('hides an unexpected error behind 500 { msg, requestId } and logs it under that id', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    expect(res.json()).toEqual({ msg: '服务器内部错误', requestId });
    expect(res.body).not.toMatch(/SELECT|secret|\/srv|at .*\.ts|stack/);

    const logged = logs().find((line) => line.reqId === requestId && line.level === 50);
    expect(logged).toMatchObject({ msg: 'unexpected error', err: { message: expect.stringContaining('SELECT token') } });
    expect((logged?.err as { stack: string }).stack).toContain('error-handler.test.ts');
  });

  it('answers another client error with its status and a generic { msg }', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ msg: '请求无效' });
  });
});
