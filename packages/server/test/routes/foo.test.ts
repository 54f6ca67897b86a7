import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/build-test-app.js';
import { removeTempDirs } from '../helpers/temp-dirs.js';

describe('GET /foo', () => {
  let app: FastifyInstance;
  beforeAll(async () => ({ app } = await buildTestApp()));
  afterAll(async () => {
    await app.close();
    removeTempDirs();
  });

  it('echoes name, exactly as docs/product.md "Call list" shows', async () => {
    const res = await app.inject({ method: 'GET', url: '/foo?name=x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('{"rspCode":0,"rspMsg":"成功","data":{"name":"x"}}');
  });

  it('keeps Chinese and encoded characters', async () => {
    const res = await app.inject({ method: 'GET', url: `/foo?name=${encodeURIComponent('小明 & 小红')}` });
    expect(res.json()).toEqual({ rspCode: 0, rspMsg: '成功', data: { name: '小明 & 小红' } });
  });

  it('answers rspCode 2 naming the field when name is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/foo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rspCode: 2, rspMsg: '缺少参数 name' });
  });
});
