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
      data: {
        version: '1.0.0',
        minVersion: '1.0.0',
        releaseNotes: expect.any(String),
        serverVersion: packageVersion,
        termsUrl: '/legal/terms',
        privacyUrl: '/legal/privacy',
        supportContact: '',
        smsLogin: false,
      },
    });
    expect(body.data.releaseNotes).toMatch(/[\u4e00-\u9fff]/);
  });

  it("names the operator's agreements and contact line when they are configured", async () => {
    const { app: configured } = await buildTestApp({ TERMS_URL: 'https://example.com/t.html', PRIVACY_URL: 'https://example.com/p.html', SUPPORT_CONTACT: '客服邮箱 help@example.com' });
    try {
      const { data } = (await configured.inject({ method: 'GET', url: '/api/v1/version/get_version_info' })).json();
      expect([data.termsUrl, data.privacyUrl, data.supportContact]).toEqual(['https://example.com/t.html', 'https://example.com/p.html', '客服邮箱 help@example.com']);
    } finally {
      await configured.close();
    }
  });

  it('says 登录 may offer SMS codes when SMS_PROVIDER is set', async () => {
    const { app: configured } = await buildTestApp({ SMS_PROVIDER: 'aliyun', SMS_SECRET_ID: 'LTAIx', SMS_SECRET_KEY: 'secret', SMS_SIGN_NAME: '视频工具', SMS_TEMPLATE_ID: 'SMS_1' });
    try {
      const { data } = (await configured.inject({ method: 'GET', url: '/api/v1/version/get_version_info' })).json();
      expect(data.smsLogin).toBe(true);
      expect(JSON.stringify(data)).not.toContain('secret');
    } finally {
      await configured.close();
    }
  });

  it('is GET only', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/version/get_version_info', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
