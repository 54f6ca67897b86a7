import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { removeTempDirs } from '../../helpers/temp-dirs.js';

afterAll(() => removeTempDirs());

describe('GET /legal/<name>: 用户协议 and 隐私政策', () => {
  it('serves our own Chinese texts, saying what is kept and how to have it deleted', async () => {
    const { app } = await buildTestApp();
    try {
      const terms = await app.inject({ method: 'GET', url: '/legal/terms' });
      expect(terms.statusCode).toBe(200);
      expect(terms.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(terms.body).toContain('<h1>用户协议</h1>');
      expect(terms.body).toContain('积分');
      const privacy = (await app.inject({ method: 'GET', url: '/legal/privacy' })).body;
      expect(privacy).toContain('<h1>隐私政策</h1>');
      for (const kept of ['手机号', '散列', '图片', '视频', '积分', '删除']) expect([kept, privacy.includes(kept)]).toEqual([kept, true]);
      expect(privacy).not.toContain('<script');
      const unknown = await app.inject({ method: 'GET', url: '/legal/cookies' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('页面不存在');
    } finally {
      await app.close();
    }
  });

  it("serves the operator's DATA_DIR/legal/<name>.html in its place", async () => {
    const { app } = await buildTestApp();
    try {
      const dir = path.join(app.config.dataDir, 'legal');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'privacy.html'), '<p>某某公司隐私政策正文</p>');
      const privacy = (await app.inject({ method: 'GET', url: '/legal/privacy' })).body;
      expect(privacy).toContain('<p>某某公司隐私政策正文</p>');
      expect(privacy).toContain('<h1>隐私政策</h1>');
      expect((await app.inject({ method: 'GET', url: '/legal/terms' })).body).toContain('欢迎使用');
    } finally {
      await app.close();
    }
  });

  it('redirects to TERMS_URL and PRIVACY_URL when they are set', async () => {
    const { app } = await buildTestApp({ TERMS_URL: 'https://example.com/terms.html', PRIVACY_URL: 'https://example.com/privacy.html' });
    try {
      const terms = await app.inject({ method: 'GET', url: '/legal/terms' });
      expect([terms.statusCode, terms.headers.location]).toEqual([302, 'https://example.com/terms.html']);
      const privacy = await app.inject({ method: 'GET', url: '/legal/privacy' });
      expect([privacy.statusCode, privacy.headers.location]).toEqual([302, 'https://example.com/privacy.html']);
    } finally {
      await app.close();
    }
  });
});
