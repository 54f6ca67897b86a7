import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../helpers/build-test-app.js';
import { removeTempDirs } from '../../../helpers/temp-dirs.js';

const packageVersion = (JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as { version: string })
  .version;

describe('GET /api/v1/version/get_version_info', () => {
  let app: FastifyInstance;
  beforeAll(async () => ({ app } = await buildTestApp()));
  afterAll(async () => {
    await app.close();
    removeTempDirs();
  });

  it('answers the app and server versions in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/version/get_version_info' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      rspCode: 0,
      rspMsg: '成功',
      data: { version: '1.0.0', minVersion: '1.0.0', releaseNotes: expect.any(String), serverVersion: packageVersion },
    });
    expect(body.data.releaseNotes).toMatch(/[\u4e00-\u9fff]/);
  });

  it('is GET only', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/version/get_version_info', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
