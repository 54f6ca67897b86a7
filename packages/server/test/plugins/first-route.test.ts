import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { TEMPLATE_PAGE_SIZE } from '@app/contract';
import { addTemplate } from '../../src/modules/templates/templates.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { makeTempDir, removeTempDirs, writeFiles } from '../helpers/temp-dirs.js';

// The page sent for `/` preloads what the first route (remote-create's ./Home) needs, named by the
// remote's own build (preload.json), so those requests start beside the shell's instead of after it.

const INDEX = '<!doctype html><html><head><title>shell</title><script defer src="main.js"></script></head><body><div id="root"></div></body></html>';
const PRELOAD_LIST = {
  './Home': ['__federation_expose_Home.3f2a1b9c.js', 'vendors-antd.0a1b2c3d.js'],
  './MyCreations': ['__federation_expose_MyCreations.11223344.js'],
};

async function appWith(files: Record<string, string>, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const webRoot = makeTempDir();
  writeFiles(webRoot, { 'shell/dist/index.html': INDEX, 'remote-create/dist/remoteEntry.js': 'var remoteCreate;', ...files });
  const { app } = await buildTestApp({ WEB_ROOT: webRoot, ...env });
  return app;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="script" href="([^"]*)">/g)].map((m) => m[1]);

describe('the page for / (the first route\'s preloads)', () => {
  afterAll(removeTempDirs);

  describe('with remote-create served here', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await appWith({
        'remote-create/dist/preload.json': JSON.stringify(PRELOAD_LIST),
        'shell/dist/preload.json': JSON.stringify({ start: ['259.4f55990c.js', '696.bc8b08b0.js'] }),
      });
    });
    afterAll(() => app.close());

    it('preloads the shell\'s start chunks, the remote\'s entry and the home page\'s chunks, in the head, before the shell\'s script runs', async () => {
      for (const url of ['/', '/index.html']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
        expect(preloads(res.body)).toEqual([
          '/259.4f55990c.js',
          '/696.bc8b08b0.js',
          '/remotes/create/remoteEntry.js',
          '/remotes/create/__federation_expose_Home.3f2a1b9c.js',
          '/remotes/create/vendors-antd.0a1b2c3d.js',
        ]);
        const head = res.body.slice(0, res.body.indexOf('</head>'));
        expect(preloads(head)).toHaveLength(5);
        // Nothing render-blocking: the shell's one script is deferred, and no stylesheet is linked.
        expect(head).not.toMatch(/<script(?![^>]*\b(?:defer|async)\b)[^>]*\bsrc=/);
        expect(head).not.toContain('rel="stylesheet"');
      }
    });

    it('is sent compressed to a browser that takes it, the same page once decoded, and 304 to its ETag', async () => {
      const plain = await app.inject({ method: 'GET', url: '/' });
      const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const again = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(plain.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });
  });

  it('preloads the entry alone when the remote\'s build has no list, and drops names that are not plain script files', async () => {
    let app = await appWith({});
    expect(preloads((await app.inject({ method: 'GET', url: '/' })).body)).toEqual(['/remotes/create/remoteEntry.js']);
    await app.close();
    app = await appWith({ 'remote-create/dist/preload.json': JSON.stringify({ './Home': ['../../secret.js', 'a"><script>x.js', 'ok.12345678.js', 7] }) });
    expect(preloads((await app.inject({ method: 'GET', url: '/' })).body)).toEqual(['/remotes/create/remoteEntry.js', '/remotes/create/ok.12345678.js']);
    await app.close();
  });

  it('preloads the entry of a remote deployed on its own origin (its chunk names are that deployment\'s)', async () => {
    const app = await appWith(
      { 'remote-create/dist/preload.json': JSON.stringify(PRELOAD_LIST) },
      { REMOTE_CREATE_URL: 'https://create.example.com/v2/remoteEntry.js' },
    );
    expect(preloads((await app.inject({ method: 'GET', url: '/' })).body)).toEqual(['https://create.example.com/v2/remoteEntry.js']);
    await app.close();
  });
});

describe('the page for / (首页\'s first page of templates in it)', () => {
  afterAll(removeTempDirs);

  const dataBlock = (html: string) => /<script type="application\/json" id="first-route-data">([^]*?)<\/script>/.exec(html)?.[1];

  it('carries the first page of templates as the list call answers it, in a data block nothing in a title can close', async () => {
    const app = await appWith({});
    try {
      const title = '夜景</script><script>alert(1)</script><!--';
      await addTemplate(app.db, app.config, { title, description: '', category: '风景', style: '清新', coverUrl: '/files/t/1.jpg', videoUrl: '/files/t/1.mp4', duration: 15, aspectRatio: '9:16', sort: 0, params: {} });
      const page = await app.inject({ method: 'GET', url: '/' });
      const block = dataBlock(page.body);
      expect(block).toBeDefined();
      expect(block).not.toMatch(/<\/?script|<!--/i);
      const list = await app.inject({ method: 'POST', url: '/api/v1/sysVideo/list', payload: { page: 1, pageSize: TEMPLATE_PAGE_SIZE, category: '' } });
      expect(JSON.parse(block!)).toEqual({ templates: list.json().data });
      expect(JSON.parse(block!).templates.list[0].title).toBe(title);
      // In the head, before the shell's script could ask for it.
      expect(page.body.indexOf('id="first-route-data"')).toBeLessThan(page.body.indexOf('</head>'));
    } finally {
      await app.close();
    }
  });

  it('is sent without it, and logged, when the templates cannot be read', async () => {
    const webRoot = makeTempDir();
    writeFiles(webRoot, { 'shell/dist/index.html': INDEX });
    const { app, logs } = await buildTestApp({ WEB_ROOT: webRoot, LOG_LEVEL: 'warn' });
    try {
      const select = jest.spyOn(app.db, 'select').mockImplementation(() => {
        throw new Error('connection lost');
      });
      const page = await app.inject({ method: 'GET', url: '/' });
      select.mockRestore();
      expect(page.statusCode).toBe(200);
      expect(dataBlock(page.body)).toBeUndefined();
      expect(page.body).toContain('<div id="root">');
      expect(logs().some((line) => String(line.msg).includes('without its templates'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
