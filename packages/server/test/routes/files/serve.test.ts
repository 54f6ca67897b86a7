import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type UploadPolicy } from '@app/contract';
import { describeEngines } from '../../helpers/engines.js';
import { createSignedInUser } from '../../helpers/storage-users.js';
import { JPEG, uploadForm } from '../../modules/storage/upload-fixtures.js';

describeEngines('GET /files/<key> (the embedded store serves files)', (ctx) => {
  let policy: UploadPolicy;
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app().inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    const user = await createSignedInUser(ctx.db());
    policy = (await ctx.post('/server_api/oss/stsPolicy', { token: user.token, kind: 'image' })).body.data;
    const res = await ctx.app().inject({ method: 'POST', url: '/files', payload: uploadForm(policy, { bytes: JPEG, type: 'image/jpeg' }) });
    expect(res.statusCode).toBe(204);
  });

  it('serves an upload with its type and headers that let it be cached an hour, then revalidated', async () => {
    const res = await get(policy.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(JPEG);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(JPEG.length),
      // Not a year: its owner may delete it (storage/cache-control).
      'cache-control': 'public, max-age=3600',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(0);
  });

  it('never compresses a stored file, whole or a range, for a client that accepts br and gzip', async () => {
    const whole = await get(policy.url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(JPEG.length));
    expect(whole.rawPayload).toEqual(JPEG);
    const part = await get(policy.url, { 'accept-encoding': 'gzip, deflate, br', range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload).toEqual(JPEG.subarray(0, 10));
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await ctx.app().inject({ method: 'HEAD', url: policy.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/jpeg', 'content-length': String(JPEG.length), 'accept-ranges': 'bytes' });
    expect(res.rawPayload).toHaveLength(0);
  });

  it('answers 304 to a matching If-None-Match or an If-Modified-Since not before it', async () => {
    const { headers } = await get(policy.url);
    const byTag = await get(policy.url, { 'if-none-match': String(headers.etag) });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload).toHaveLength(0);
    expect(byTag.headers.etag).toBe(headers.etag);
    expect((await get(policy.url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(policy.url, { 'if-modified-since': String(headers['last-modified']) })).statusCode).toBe(304);
    expect((await get(policy.url, { 'if-modified-since': new Date(0).toUTCString() })).statusCode).toBe(200);
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=10-', 10, JPEG.length - 1],
    ['bytes=-5', JPEG.length - 5, JPEG.length - 1],
    ['bytes=100-100000', 100, JPEG.length - 1],
  ])('answers Range %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await get(policy.url, { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${JPEG.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload).toEqual(JPEG.subarray(start, end + 1));
  });

  it.each([`bytes=${JPEG.length}-`, 'bytes=999999-1000000', 'bytes=-0'])('answers Range %s, past the end, with 416', async (range) => {
    const res = await get(policy.url, { range });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${JPEG.length}`);
    expect(res.json()).toEqual({ msg: '请求的范围无效' });
  });

  it.each(['bytes=0-1,4-5', 'bytes=5-2', 'items=0-1', 'bytes=abc'])('answers Range %s, which it does not serve, with the whole file', async (range) => {
    const res = await get(policy.url, { range });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(JPEG);
  });

  it('honours If-Range: the range while the file is the same, the whole file otherwise', async () => {
    const { headers } = await get(policy.url);
    expect((await get(policy.url, { range: 'bytes=0-1', 'if-range': String(headers.etag) })).statusCode).toBe(206);
    expect((await get(policy.url, { range: 'bytes=0-1', 'if-range': '"stale"' })).statusCode).toBe(200);
  });

  it('serves a file the server put without a row by the type of its bytes', async () => {
    await ctx.app().storage.put('templates/sample-cover', JPEG, { contentType: 'image/jpeg' });
    const sample = await get('/files/templates/sample-cover');
    expect(sample.headers['content-type']).toBe('image/jpeg');
    // A template sample is the server's own public file, under a fresh key each render: cached for good.
    expect(sample.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await ctx.app().storage.put('templates/notes', Buffer.from('<b>hi</b>'), { contentType: 'text/html' });
    const unknown = await get('/files/templates/notes');
    expect(unknown.headers['content-type']).toBe('application/octet-stream');
    expect(unknown.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 for a key it does not have, and for a key only issued', async () => {
    expect(await get('/files/users/1/image/0123456789abcdef0123456789abcdef').then((r) => [r.statusCode, r.json()])).toEqual([404, { msg: '文件不存在' }]);
    expect((await get(`/files/${policy.dir}image`)).statusCode).toBe(404); // a folder is not a file
  });

  it('answers 404 for an overlong key', async () => {
    expect((await get(`/files/${'a/'.repeat(400)}x`)).statusCode).toBe(404);
  });

  describe('never serves a path outside the store', () => {
    beforeAll(() => {
      const dataDir = ctx.app().config.dataDir;
      writeFileSync(path.join(dataDir, 'secret.txt'), 'outside the store');
    });

    it.each([
      '/files/../secret.txt',
      '/files/%2e%2e/secret.txt',
      '/files/%2E%2E%2Fsecret.txt',
      '/files/users/..%2f..%2fsecret.txt',
      '/files/%2fetc%2fpasswd',
      '/files//etc/passwd',
      '/files/..%5csecret.txt',
      '/files/.tmp/anything',
      '/files/users/1/%00',
      '/files/%252e%252e/secret.txt',
      "/files/users/1/image/x'%20OR%20'1'='1",
    ])('%s', async (url) => {
      const res = await get(url);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('outside the store');
      expect(res.body).not.toContain('root:');
    });
  });
});
