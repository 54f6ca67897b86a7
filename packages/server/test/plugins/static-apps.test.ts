import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/build-test-app.js';
import { makeTempDir, removeTempDirs, writeFiles } from '../helpers/temp-dirs.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REMOTE_ENTRY = 'var remote_create; /* names 123.3f2a1b9c4d5e6f70.js */';
const SHELL_ENTRY = `console.log("shell entry"); ${'/* padding */ '.repeat(100)}`;
const CHUNK = 'console.log("create chunk")';
const INDEX = '<!doctype html><title>shell</title>';
/** An empty zip archive (its end-of-central-directory record alone). */
const TYPES_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
const TYPES_API = "export type RemoteKeys = 'REMOTE_ALIAS_IDENTIFIER/Home';";

/** A file and the `.br` and `.gz` the build writes beside it. */
function withCompressed(name: string, text: string): Record<string, string | Buffer> {
  return { [name]: text, [`${name}.br`]: brotliCompressSync(text), [`${name}.gz`]: gzipSync(text) };
}

describe('static apps', () => {
  afterAll(removeTempDirs);

  describe('with the apps built', () => {
    let app: FastifyInstance;
    let logs: () => Record<string, unknown>[];

    beforeAll(async () => {
      const webRoot = makeTempDir();
      writeFiles(webRoot, {
        ...withCompressed('shell/dist/index.html', INDEX),
        ...withCompressed('shell/dist/main.js', SHELL_ENTRY),
        'shell/dist/main.js.map': '{"version":3}',
        'shell/dist/817.0a1b2c3d4e5f6a7b8c9d.js': 'console.log("shell chunk")',
        'remote-create/dist/remoteEntry.js': REMOTE_ENTRY,
        ...withCompressed('remote-create/dist/123.3f2a1b9c4d5e6f70.js', CHUNK),
        'remote-create/dist/mf-manifest.json': '{}',
        // The exposed modules' types, as the remote's build writes them beside its manifest.
        'remote-create/dist/@mf-types.zip': TYPES_ZIP,
        'remote-create/dist/@mf-types.d.ts': TYPES_API,
        'remote-auth/dist/remoteEntry.js': 'var remote_auth;',
        // remote-account is not built: it is skipped, the others are served.
      });
      ({ app, logs } = await buildTestApp({ WEB_ROOT: webRoot, LOG_LEVEL: 'warn' }));
      await app.ready();
    });
    afterAll(() => app.close());

    it('serves the shell index at / and asks for revalidation', async () => {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeDefined();
    });

    it('answers 304 to a revalidation of an unchanged file', async () => {
      const first = await app.inject({ method: 'GET', url: '/index.html' });
      const again = await app.inject({ method: 'GET', url: '/index.html', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });

    it('caches hashed chunks for good, but not the unhashed entry chunk', async () => {
      const chunk = await app.inject({ method: 'GET', url: '/817.0a1b2c3d4e5f6a7b8c9d.js' });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
      const entry = await app.inject({ method: 'GET', url: '/main.js' });
      expect(entry.headers['cache-control']).toBe('no-cache');
    });

    it('serves a remote under /remotes/<name>/ with CORS', async () => {
      const entry = await app.inject({ method: 'GET', url: '/remotes/create/remoteEntry.js', headers: { origin: 'https://shell.example.com' } });
      expect(entry.statusCode).toBe(200);
      expect(entry.headers['content-type']).toMatch(/javascript/);
      expect(entry.body).toBe(REMOTE_ENTRY);
      expect(entry.headers['cache-control']).toBe('no-cache');
      expect(entry.headers['access-control-allow-origin']).toBe('*');

      const chunk = await app.inject({ method: 'GET', url: '/remotes/create/123.3f2a1b9c4d5e6f70.js', headers: { origin: 'https://shell.example.com' } });
      expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
      expect(chunk.headers['access-control-allow-origin']).toBe('*');

      const manifest = await app.inject({ method: 'GET', url: '/remotes/create/mf-manifest.json' });
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(manifest.headers['access-control-allow-origin']).toBe('*');
    });

    it("serves a remote's types beside its manifest (@mf-types.zip, @mf-types.d.ts as text, not as an MPEG stream)", async () => {
      const zip = await app.inject({ method: 'GET', url: '/remotes/create/@mf-types.zip', headers: { origin: 'https://shell.example.com' } });
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.rawPayload.equals(TYPES_ZIP)).toBe(true);
      expect(zip.headers['cache-control']).toBe('no-cache');
      expect(zip.headers['access-control-allow-origin']).toBe('*');

      const api = await app.inject({ method: 'GET', url: '/remotes/create/@mf-types.d.ts' });
      expect(api.statusCode).toBe(200);
      expect(api.headers['content-type']).toMatch(/^text\/plain/);
      expect(api.body).toBe(TYPES_API);
    });

    it('answers a CORS preflight for remote files', async () => {
      const res = await app.inject({
        method: 'OPTIONS',
        url: '/remotes/auth/remoteEntry.js',
        headers: { origin: 'https://shell.example.com', 'access-control-request-method': 'GET' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    });

    it('sends the pre-compressed file a browser accepts (br first), gzip to a gzip-only client, the file itself otherwise', async () => {
      const get = (url: string, acceptEncoding?: string) =>
        app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

      const br = await get('/main.js', 'gzip, deflate, br, zstd');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SHELL_ENTRY);

      const gzip = await get('/main.js', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(SHELL_ENTRY);

      for (const accept of [undefined, 'identity']) {
        const plain = await get('/main.js', accept);
        expect([accept, plain.headers['content-encoding']]).toEqual([accept, undefined]);
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.body).toBe(SHELL_ENTRY);
      }

      // The page itself, at / and by name.
      for (const url of ['/', '/index.html']) {
        const page = await get(url, 'br');
        expect([url, page.headers['content-encoding'], page.headers['content-type']]).toEqual([url, 'br', 'text/html; charset=utf-8']);
        // The page with the first route's preloads and data (plugins/first-route.ts; first-route.test.ts).
        const text = brotliDecompressSync(page.rawPayload).toString();
        expect(text).toMatch(/^<!doctype html><link rel="preload"/);
        expect(text).toContain('<script type="application/json" id="first-route-data">');
        expect(text.replace(/<link rel="preload"[^>]*>|<script type="application\/json" id="first-route-data">[^<]*<\/script>/g, '')).toBe(INDEX);
      }
    });

    it('keeps the cache headers and CORS of a pre-compressed remote chunk, and never compresses twice', async () => {
      const res = await app.inject({ method: 'GET', url: '/remotes/create/123.3f2a1b9c4d5e6f70.js', headers: { 'accept-encoding': 'br', origin: 'https://shell.example.com' } });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
      // A file the build left uncompressed (too small to gain) goes as it is.
      const entry = await app.inject({ method: 'GET', url: '/remotes/create/remoteEntry.js', headers: { 'accept-encoding': 'br' } });
      expect(entry.headers['content-encoding']).toBeUndefined();
      expect(entry.body).toBe(REMOTE_ENTRY);
    });

    it('still hides source maps', async () => {
      const res = await app.inject({ method: 'GET', url: '/main.js.map', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(404);
    });

    it('keeps CORS to the remotes', async () => {
      const res = await app.inject({ method: 'GET', url: '/', headers: { origin: 'https://elsewhere.example.com' } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('serves byte ranges', async () => {
      const res = await app.inject({ method: 'GET', url: '/remotes/create/remoteEntry.js', headers: { range: 'bytes=0-9' } });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-9/${Buffer.byteLength(REMOTE_ENTRY)}`);
      expect(res.body).toBe(REMOTE_ENTRY.slice(0, 10));
      expect(res.headers['accept-ranges']).toBe('bytes');
    });

    it('answers HEAD without a body', async () => {
      const res = await app.inject({ method: 'HEAD', url: '/remotes/auth/remoteEntry.js' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('answers a missing file, or a remote not built, with 404 { msg }', async () => {
      for (const url of ['/missing.js', '/remotes/create/missing.js', '/remotes/account/remoteEntry.js']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ msg: '接口不存在' });
      }
    });

    it('does not serve files outside a dist folder', async () => {
      for (const url of ['/../remote-create/dist/remoteEntry.js', '/remotes/create/..%2f..%2fshell%2fdist%2findex.html', '/%2e%2e/package.json']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).not.toBe(200);
      }
    });

    it('warns about the remote that is not built', () => {
      const warnings = logs().filter((line) => line.level === 40).map((line) => String(line.msg));
      expect(warnings).toEqual([expect.stringMatching(/remote-account[/\\]dist does not exist/)]);
    });

    it('leaves the API routes to the API', async () => {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.json()).toEqual({ status: 'ok' });
    });
  });

  describe('with builds of a remote in folders of their own', () => {
    const A = '1.0.0-aaaaaaaaaa';
    const B = '1.0.1-bbbbbbbbbb';
    const C = '1.0.2-cccccccccc';
    let webRoot: string;
    const build = (folder: string) => ({
      [`remote-create/dist/${folder}/remoteEntry.js`]: `var remoteCreate; /* ${folder} */`,
      [`remote-create/dist/${folder}/mf-manifest.json`]: JSON.stringify({ metaData: { buildInfo: { buildVersion: folder.split('-')[0] } } }),
      ...withCompressed(`remote-create/dist/${folder}/__federation_expose_Home.0f0f0f0f.js`, `${CHUNK} /* ${folder} */`),
    });
    const current = (folder: string) => writeFiles(webRoot, { 'remote-create/dist/current.json': JSON.stringify({ build: folder }) });
    const entryOfCreate = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/remotes.json' })).json().create as string;

    beforeAll(() => {
      webRoot = makeTempDir();
      writeFiles(webRoot, { 'shell/dist/index.html': INDEX, ...build(A), ...build(B) });
    });

    it('serves every kept build, the current one named by the registry, each file of a build cached for good', async () => {
      current(B);
      const { app } = await buildTestApp({ WEB_ROOT: webRoot });
      try {
        // The earlier tests' plain dist was this server's own build: the registry moves to the current folder.
        expect(await entryOfCreate(app)).toBe(`/remotes/create/${B}/remoteEntry.js`);
        expect(app.remotes.states().find((state) => state.name === 'create')).toMatchObject({ version: '1.0.1', setBy: 'default' });
        for (const folder of [A, B]) {
          for (const file of ['remoteEntry.js', 'mf-manifest.json', '__federation_expose_Home.0f0f0f0f.js']) {
            const res = await app.inject({ method: 'GET', url: `/remotes/create/${folder}/${file}`, headers: { 'accept-encoding': 'br', origin: 'https://shell.example.com' } });
            expect([folder, file, res.statusCode, res.headers['cache-control'], res.headers['access-control-allow-origin']]).toEqual([folder, file, 200, IMMUTABLE, '*']);
          }
          const chunk = await app.inject({ method: 'GET', url: `/remotes/create/${folder}/__federation_expose_Home.0f0f0f0f.js`, headers: { 'accept-encoding': 'br' } });
          expect(chunk.headers['content-encoding']).toBe('br');
          expect(brotliDecompressSync(chunk.rawPayload).toString()).toBe(`${CHUNK} /* ${folder} */`);
        }
        // What is not a build's own file is still revalidated each time.
        expect((await app.inject({ method: 'GET', url: '/remotes/create/current.json' })).headers['cache-control']).toBe('no-cache');
        expect((await app.inject({ method: 'GET', url: `/remotes/create/${B}/missing.js` })).statusCode).toBe(404);
      } finally {
        await app.close();
      }
    });

    it('moves to a new build of its own at a restart, keeping the earlier ones served, but never over a choice made with `remotes`', async () => {
      writeFiles(webRoot, build(C));
      current(C);
      let { app } = await buildTestApp({ WEB_ROOT: webRoot });
      try {
        expect(await entryOfCreate(app)).toBe(`/remotes/create/${C}/remoteEntry.js`);
        // A tab opened on an earlier build still loads its files.
        expect((await app.inject({ method: 'GET', url: `/remotes/create/${A}/__federation_expose_Home.0f0f0f0f.js` })).statusCode).toBe(200);
        // Rolled back: to the build before, whose files are still there.
        await app.remotes.rollback('create', 'admin');
        expect(await entryOfCreate(app)).toBe(`/remotes/create/${B}/remoteEntry.js`);
      } finally {
        await app.close();
      }
      // A restart after an operator's rollback keeps the operator's choice.
      ({ app } = await buildTestApp({ WEB_ROOT: webRoot }));
      try {
        expect(await entryOfCreate(app)).toBe(`/remotes/create/${B}/remoteEntry.js`);
      } finally {
        await app.close();
      }
    });
  });

  describe('before the front end is built', () => {
    let app: FastifyInstance;
    let logs: () => Record<string, unknown>[];

    beforeAll(async () => {
      ({ app, logs } = await buildTestApp({ WEB_ROOT: makeTempDir(), LOG_LEVEL: 'warn' }));
      await app.ready();
    });
    afterAll(() => app.close());

    it('answers / with 503 and a Chinese page saying to run npm run build', async () => {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('前端尚未构建');
      expect(res.body).toContain('npm run build');
    });

    it('warns once per missing dist folder and keeps the API up', async () => {
      const warnings = logs().filter((line) => line.level === 40);
      expect(warnings).toHaveLength(4);
      const res = await app.inject({ method: 'GET', url: '/remotes.json' });
      expect(res.statusCode).toBe(200);
    });

    it('answers remote files with 404', async () => {
      const res = await app.inject({ method: 'GET', url: '/remotes/create/remoteEntry.js' });
      expect(res.statusCode).toBe(404);
    });
  });
});
