import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { THUMBNAIL_FORMATS, THUMBNAIL_WIDTHS, ThumbnailRefusal } from '@app/contract';
import { addTemplate } from '../../../src/modules/templates/templates.js';
import { storeThumbnails, thumbnailKey, thumbnailKeys } from '../../../src/modules/storage/thumbnails.js';
import { describeEngines, type EngineContext } from '../../helpers/engines.js';
import { makeTempDir } from '../../helpers/temp-dirs.js';

// GET /thumbs/<key>/<width>.<format>: covers as right-sized WebP or JPEG, made once and kept in
// whichever store holds the cover (the embedded one, or a bucket: s3rver).

/** A cover as the renderer makes them: a 9:16 frame, 1080 × 1920. */
let COVER: Buffer;
beforeAll(async () => {
  COVER = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
});

const fresh = (prefix: string) => `${prefix}/${randomBytes(8).toString('hex')}/cover.jpg`;

function thumbnailSuite(ctx: EngineContext): void {
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app().inject({ method: 'GET', url, headers });
  const put = (key: string, bytes: Buffer, contentType = 'image/jpeg') => ctx.app().storage.put(key, bytes, { contentType });

  it('makes a WebP of the asked width on the first request, keeps it in the store, and serves it with the cover\'s caching', async () => {
    const key = fresh('templates/1');
    await put(key, COVER);
    const res = await get(`/thumbs/${key}/320.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(res.rawPayload.length),
      // A template sample's cover never changes under its key: cached for good, as the cover is.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 569 });
    // Far lighter than the frame it stands for.
    expect(res.rawPayload.length).toBeLessThan(COVER.length / 4);
    // Stored: the next request reads it, byte for byte.
    expect(await ctx.app().storage.head(thumbnailKey({ key, width: 320, format: 'webp' }))).toMatchObject({ size: res.rawPayload.length });
    expect((await get(`/thumbs/${key}/320.webp`)).rawPayload).toEqual(res.rawPayload);
  });

  it('makes a JPEG for browsers without WebP, and a user\'s video cover is cached an hour', async () => {
    const key = fresh('tasks');
    await put(key, COVER);
    const res = await get(`/thumbs/${key}/160.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=3600' });
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 284 });
  });

  it('never enlarges a picture narrower than the width asked', async () => {
    const key = fresh('tasks');
    await put(key, await sharp({ create: { width: 120, height: 90, channels: 3, background: '#888' } }).jpeg().toBuffer());
    const res = await get(`/thumbs/${key}/640.webp`);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 120, height: 90 });
  });

  it('answers 304 to its ETag, and HEAD with no body', async () => {
    const key = fresh('tasks');
    await put(key, COVER);
    const first = await get(`/thumbs/${key}/480.webp`);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await get(`/thumbs/${key}/480.webp`, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect((await get(`/thumbs/${key}/480.webp`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    const head = await ctx.app().inject({ method: 'HEAD', url: `/thumbs/${key}/480.webp` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(head.rawPayload).toHaveLength(0);
  });

  it('refuses a width or format it does not make, with the ones it does', async () => {
    const key = fresh('tasks');
    await put(key, COVER);
    for (const bad of ['333.webp', '320.png', '320', '0.jpg', '3200.webp', 'x.webp']) {
      const res = await get(`/thumbs/${key}/${bad}`);
      expect([bad, res.statusCode, res.json()]).toEqual([bad, 404, { msg: ThumbnailRefusal.badSize }]);
    }
    expect(ThumbnailRefusal.badSize).toContain('160、320、480、640');
    // Nor a thumbnail of a thumbnail, nor a key the store would not make (modules/files/file-urls isSafeKey).
    expect((await get(`/thumbs/thumbs/${key}/320.webp/320.webp`)).json()).toEqual({ msg: ThumbnailRefusal.badSize });
    expect((await get('/thumbs/tasks/.hidden/320.webp')).json()).toEqual({ msg: ThumbnailRefusal.badSize });
    // Nothing was made for any of them.
    expect(await ctx.app().storage.head(thumbnailKey({ key, width: 320, format: 'webp' }))).toBeNull();
  });

  it('answers 404 for a cover that is not there, and for a stored file that is not a picture', async () => {
    expect((await get(`/thumbs/${fresh('tasks')}/320.webp`)).json()).toEqual({ msg: ThumbnailRefusal.notFound });
    const key = fresh('tasks');
    await put(key, Buffer.from('not a picture at all'), 'application/octet-stream');
    const res = await get(`/thumbs/${key}/320.webp`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: ThumbnailRefusal.notImage });
  });

  it('stops serving a thumbnail once its cover is gone', async () => {
    const key = fresh('tasks');
    await put(key, COVER);
    expect((await get(`/thumbs/${key}/320.webp`)).statusCode).toBe(200);
    await ctx.app().storage.delete(key);
    expect((await get(`/thumbs/${key}/320.webp`)).statusCode).toBe(404);
  });

  it('makes every width and format when the cover is stored, so the first request finds them', async () => {
    const key = fresh('templates/2');
    const file = path.join(makeTempDir(), 'cover.jpg');
    writeFileSync(file, COVER);
    await put(key, COVER);
    await storeThumbnails(ctx.app().storage, key, file);
    expect(thumbnailKeys(key)).toHaveLength(THUMBNAIL_WIDTHS.length * THUMBNAIL_FORMATS.length);
    for (const width of THUMBNAIL_WIDTHS) {
      for (const format of THUMBNAIL_FORMATS) {
        const stored = await ctx.app().storage.head(thumbnailKey({ key, width, format }));
        expect([width, format, stored?.size]).toEqual([width, format, expect.any(Number)]);
      }
    }
  });

  it('gives each template whose cover it stores the thumbnails\' address, and none for an operator\'s own cover URL', async () => {
    const key = fresh('templates/3');
    await put(key, COVER);
    const category = `thumbs-${randomBytes(4).toString('hex')}`;
    const base = { description: '', category, style: '', duration: 15, aspectRatio: '9:16' as const, sort: 0, params: {} };
    await addTemplate(ctx.db(), ctx.app().config, { ...base, title: '本站封面', coverUrl: ctx.app().storage.fileUrl(key), videoUrl: ctx.app().storage.fileUrl(`${key}.mp4`) });
    await addTemplate(ctx.db(), ctx.app().config, { ...base, title: '外部封面', coverUrl: 'https://cdn.example.com/c.jpg', videoUrl: 'https://cdn.example.com/v.mp4' });
    const { body } = await ctx.post('/api/v1/sysVideo/list', { category });
    const byTitle = Object.fromEntries(body.data.list.map((t: { title: string; coverThumbUrl: string }) => [t.title, t.coverThumbUrl]));
    expect(byTitle).toEqual({ 本站封面: `/thumbs/${key}`, 外部封面: '' });
    expect((await get(`${byTitle['本站封面']}/320.webp`)).statusCode).toBe(200);
  });
}

describeEngines('GET /thumbs/* (embedded store)', thumbnailSuite);

const BUCKET = 'thumbs';
const s3Env: Record<string, string> = {};
let s3rver: S3rver;
beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: makeTempDir(), configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3rver.run();
  Object.assign(s3Env, { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
});
afterAll(() => s3rver.close());

describeEngines(
  'GET /thumbs/* (S3 store, s3rver)',
  (ctx) => {
    thumbnailSuite(ctx);

    it('keeps the thumbnail in the bucket, with the cover\'s caching on the object', async () => {
      const key = fresh('templates/4');
      await ctx.app().storage.put(key, COVER, { contentType: 'image/jpeg' });
      expect((await ctx.app().inject({ method: 'GET', url: `/thumbs/${key}/320.jpg` })).statusCode).toBe(200);
      const res = await fetch(ctx.app().storage.fileUrl(thumbnailKey({ key, width: 320, format: 'jpg' })));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });
  },
  s3Env,
);
