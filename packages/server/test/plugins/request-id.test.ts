import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/build-test-app.js';
import { removeTempDirs } from '../helpers/temp-dirs.js';

describe('request id', () => {
  let app: FastifyInstance;
  let logs: () => Record<string, unknown>[];

  beforeAll(async () => {
    ({ app, logs } = await buildTestApp({ LOG_LEVEL: 'info' }));
  });
  afterAll(async () => {
    await app.close();
    removeTempDirs();
  });

  it('gives every answer a fresh x-request-id, errors and static pages included', async () => {
    const ids = new Set<unknown>();
    for (const url of ['/healthz', '/healthz', '/nope', '/foo', '/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      ids.add(res.headers['x-request-id']);
    }
    expect(ids.size).toBe(5);
  });

  it('does not take the id from the client', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'forged' } });
    expect(res.headers['x-request-id']).not.toBe('forged');
  });

  it('logs the platform header with the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/foo?name=x', headers: { platform: 'h5' } });
    const incoming = logs().find((line) => line.reqId === res.headers['x-request-id'] && line.msg === 'incoming request');
    expect(incoming).toMatchObject({ req: { method: 'GET', url: '/foo?name=x', platform: 'h5' } });
  });
});
