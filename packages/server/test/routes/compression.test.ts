import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/build-test-app.js';
import { makeTempDir, removeTempDirs, writeFiles } from '../helpers/temp-dirs.js';

// JSON answers of 1 KiB and more are compressed on the fly (routes/index.ts); smaller ones, and
// anything but JSON, are not. The built apps' files are compressed at build time (static-apps.test.ts).
describe('on-the-fly compression of JSON answers', () => {
  let app: FastifyInstance;
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  beforeAll(async () => {
    const webRoot = makeTempDir();
    writeFiles(webRoot, { 'shell/dist/index.html': '<!doctype html><title>shell</title>' });
    ({ app } = await buildTestApp({ WEB_ROOT: webRoot }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    removeTempDirs();
  });

  it('sends a large JSON answer (the OpenAPI document) as br to a browser, and it reads the same', async () => {
    const plain = await get('/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/docs/json', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends gzip to a client that accepts only gzip, and the JSON itself to one that accepts neither', async () => {
    const plain = await get('/docs/json');
    const gzip = await get('/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    for (const accept of ['identity', 'compress']) {
      const res = await get('/docs/json', accept);
      expect([accept, res.headers['content-encoding']]).toEqual([accept, undefined]);
      expect(res.json()).toEqual(plain.json());
    }
  });

  it('leaves an answer under 1 KiB as it is', async () => {
    for (const url of ['/healthz', '/remotes.json']) {
      const res = await get(url, 'gzip, deflate, br');
      expect([url, res.statusCode, res.headers['content-encoding']]).toEqual([url, 200, undefined]);
      expect(res.rawPayload.length).toBeLessThan(1024);
      expect(() => res.json()).not.toThrow();
    }
  });
});
