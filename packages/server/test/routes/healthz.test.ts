import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/build-test-app.js';
import { removeTempDirs } from '../helpers/temp-dirs.js';

describe('GET /healthz', () => {
  let app: FastifyInstance;
  beforeEach(async () => ({ app } = await buildTestApp()));
  afterEach(() => app.close());
  afterAll(removeTempDirs);

  it('answers 200 { status: ok } with no checks registered', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('runs the checks that plugins push', async () => {
    const check = jest.fn(async () => undefined);
    await app.register(async (plugin) => {
      plugin.healthChecks.push(check);
    });
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('answers 503 when a check fails, without its details', async () => {
    app.healthChecks.push(async () => undefined);
    app.healthChecks.push(async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
    });
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
  });
});
