import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { coverSizes, coverSrcSet, FIRST_COVERS, TEMPLATE_PAGE_SIZE, type SysVideo } from '@app/contract';
import { changeRemote } from '../../src/modules/remotes/registry.js';
import { addTemplate } from '../../src/modules/templates/templates.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { makeTempDir, removeTempDirs, writeFiles } from '../helpers/temp-dirs.js';

// The page sent for `/` preloads what the first route (remote-create's ./Home) needs, named by the
// remote's own build (preload.json), so those requests start beside the shell's instead of after it;
// which build is the registry's (plugins/remotes-registry), so the page follows a deploy and a rollback.

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

/** A registry change as `remotes set` makes it once the gate has passed (the gate is tested on its own: test/routes/admin/remotes.test.ts). */
async function setCreate(app: FastifyInstance, entry: string, percent?: number): Promise<void> {
  await changeRemote(app.db, 'create', { kind: 'set', build: { url: entry, entry, version: '' }, percent }, 'test', false);
  await app.remotes.refresh();
}

const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="script" href="([^"]*)">/g)].map((m) => m[1]);
/** The manifests preloaded the way the shell's fetch() takes them (as=fetch, CORS, same-origin credentials). */
const manifests = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]*)">/g)].map((m) => m[1]);

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
        // The run-time gate reads the manifest before the entry runs: it is on its way too.
        expect(manifests(head)).toEqual(['/remotes/create/mf-manifest.json']);
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
    const app = await appWith({ 'remote-create/dist/preload.json': JSON.stringify(PRELOAD_LIST) });
    await setCreate(app, 'https://create.example.com/v2/remoteEntry.js');
    const page = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(preloads(page)).toEqual(['https://create.example.com/v2/remoteEntry.js']);
    expect(manifests(page)).toEqual(['https://create.example.com/v2/mf-manifest.json']);
    await app.close();
  });
});

describe('the page for / follows the registry', () => {
  afterAll(removeTempDirs);

  const OLD = '1.0.0-0123456789';
  const NEW = '1.1.0-abcdef0123';
  const build = (folder: string, home: string) => ({
    [`remote-create/dist/${folder}/remoteEntry.js`]: 'var remoteCreate;',
    [`remote-create/dist/${folder}/preload.json`]: JSON.stringify({ './Home': [home] }),
  });

  it('preloads the build the registry names — after a set, after another, after a rollback — and the stable build during a canary', async () => {
    const app = await appWith({
      ...build(OLD, 'home.11111111.js'),
      ...build(NEW, 'home.22222222.js'),
      'remote-create/dist/current.json': JSON.stringify({ build: OLD }),
    });
    try {
      const remote = async () => preloads((await app.inject({ method: 'GET', url: '/' })).body);
      // (Seeding the registry with dist/current.json's build: static-apps.test.ts.)
      await setCreate(app, `/remotes/create/${OLD}/remoteEntry.js`);
      expect(await remote()).toEqual([`/remotes/create/${OLD}/remoteEntry.js`, `/remotes/create/${OLD}/home.11111111.js`]);

      await setCreate(app, `/remotes/create/${NEW}/remoteEntry.js`);
      expect(await remote()).toEqual([`/remotes/create/${NEW}/remoteEntry.js`, `/remotes/create/${NEW}/home.22222222.js`]);

      await changeRemote(app.db, 'create', { kind: 'rollback' }, 'test', false);
      await app.remotes.refresh();
      expect(await remote()).toEqual([`/remotes/create/${OLD}/remoteEntry.js`, `/remotes/create/${OLD}/home.11111111.js`]);
      expect(manifests((await app.inject({ method: 'GET', url: '/' })).body)).toEqual([`/remotes/create/${OLD}/mf-manifest.json`]);

      // A canary device is not known from the page request (its id is in the browser's storage):
      // everyone's page preloads the stable build; a device in the canary fetches its own.
      await setCreate(app, `/remotes/create/${NEW}/remoteEntry.js`, 50);
      expect(await remote()).toEqual([`/remotes/create/${OLD}/remoteEntry.js`, `/remotes/create/${OLD}/home.11111111.js`]);
    } finally {
      await app.close();
    }
  });

  it('reads no preload list outside the remote\'s dist, whatever the registry names', async () => {
    const app = await appWith({ 'remote-create/secret/preload.json': JSON.stringify({ './Home': ['stolen.12345678.js'] }) });
    try {
      await setCreate(app, '/remotes/create/../secret/remoteEntry.js');
      expect(preloads((await app.inject({ method: 'GET', url: '/' })).body)).toEqual(['/remotes/create/../secret/remoteEntry.js']);
    } finally {
      await app.close();
    }
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

  it('preloads the first covers as the gallery draws them (its WebP srcset and sizes), the thumbnail-less by their own address', async () => {
    const app = await appWith({});
    try {
      const template = (title: string, sort: number, coverUrl: string, aspectRatio: '9:16' | '16:9') =>
        addTemplate(app.db, app.config, { title, description: '', category: '', style: '', coverUrl, videoUrl: coverUrl.replace(/jpg$/, 'mp4'), duration: 15, aspectRatio, sort, params: {} });
      await template('一', -3, '/files/templates/1/a.jpg', '9:16');
      await template('二', -2, 'https://cdn.example.com/b.jpg', '16:9');
      await template('三', -1, '/files/templates/3/c.jpg', '9:16');
      const page = (await app.inject({ method: 'GET', url: '/' })).body;
      const list = JSON.parse(dataBlock(page)!).templates.list as SysVideo[];
      const head = page.slice(0, page.indexOf('</head>'));
      const images = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([link]) => link);
      // The gallery's first FIRST_COVERS, in its order; the third waits until the gallery is near it.
      expect(FIRST_COVERS).toBe(2);
      expect(images).toEqual([
        `<link rel="preload" as="image" fetchpriority="high" type="image/webp" imagesrcset="${coverSrcSet(list[0]!.coverThumbUrl, 'webp')}" imagesizes="${coverSizes('card', list[0]!.aspectRatio)}">`,
        '<link rel="preload" as="image" fetchpriority="high" href="https://cdn.example.com/b.jpg">',
      ]);
      expect(list[0]!.coverThumbUrl).toBe('/thumbs/templates/1/a.jpg');
      expect(images[0]).toContain('/thumbs/templates/1/a.jpg/320.webp 320w');
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
