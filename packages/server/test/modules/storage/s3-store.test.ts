import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { files, videoTasks } from '../../../src/db/schema.js';
import { waitUntil } from '../../helpers/tasks.js';
import { findUploadedAudio, findUploadedImage } from '../../../src/modules/files/user-uploads.js';
import { audioFile } from '../../helpers/audio-fixtures.js';
import { brokenCondition, decodePolicy } from '../../../src/modules/storage/post-policy.js';
import { type UploadPolicy } from '@app/contract';
import { describeEngines } from '../../helpers/engines.js';
import { createSignedInUser, type SignedInUser } from '../../helpers/storage-users.js';
import { makeTempDir } from '../../helpers/temp-dirs.js';
import { HTML, MIB, PNG, uploadForm, WEBP } from './upload-fixtures.js';

// The S3 store against s3rver, a local S3 implementation: presigned POST uploads, put, head,
// delete, all over HTTP with the real SDK. s3rver accepts POST uploads without checking their
// policy (so does moto), so what the bucket would refuse is shown by evaluating the signed policy
// with the S3 rules, and the signature is checked by recomputing it as AWS documents.

const BUCKET = 'uploads';
const SECRET = 'S3RVER';
const env: Record<string, string> = {};
let s3rver: S3rver;

beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: makeTempDir(), configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3rver.run();
  // Read by describeEngines when it builds its apps, which is after this.
  Object.assign(env, { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: SECRET });
});
afterAll(() => s3rver.close());

describeEngines(
  'S3 store (s3rver)',
  (ctx) => {
    let user: SignedInUser;
    let other: SignedInUser;
    beforeAll(async () => {
      user = await createSignedInUser(ctx.db());
      other = await createSignedInUser(ctx.db());
    });

    const policyFor = async (who: SignedInUser): Promise<UploadPolicy> =>
      (await ctx.post('/server_api/oss/stsPolicy', { token: who.token, kind: 'image' })).body.data;
    const postToBucket = (policy: UploadPolicy, bytes: Uint8Array, type: string) =>
      fetch(policy.host, { method: 'POST', body: uploadForm(policy, { bytes, type }) });
    const deps = () => ({ db: ctx.db(), store: ctx.app().storage, config: ctx.app().config });

    it('answers stsPolicy with the bucket\'s presigned POST for a key under the user\'s dir', async () => {
      const policy = await policyFor(user);
      expect(policy).toMatchObject({
        host: `${env.S3_ENDPOINT}/${BUCKET}`,
        dir: `users/${user.id}/`,
        maxSize: 10 * MIB,
        contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
        url: `${env.S3_ENDPOINT}/${BUCKET}/${policy.key}`,
      });
      expect(policy.key).toMatch(new RegExp(`^users/${user.id}/image/[0-9a-f]{32}$`));
      expect(Math.abs(policy.expire - (Date.now() / 1000 + 600))).toBeLessThan(5);
      expect(Object.keys(policy.fields).sort()).toEqual(['Cache-Control', 'Policy', 'X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Signature', 'bucket']);
      const document = decodePolicy(policy.fields.Policy!)!;
      expect(Date.parse(document.expiration) / 1000).toBe(policy.expire);
      expect(document.conditions).toEqual(
        expect.arrayContaining([
          ['starts-with', '$key', `users/${user.id}/`],
          ['content-length-range', 1, 10 * MIB],
          { key: policy.key },
          { bucket: BUCKET },
          // The upload is stored with a user's caching: not a year (storage/cache-control).
          { 'Cache-Control': 'public, max-age=3600' },
        ]),
      );
    });

    it('signs the policy with AWS Signature Version 4', async () => {
      const { fields } = await policyFor(user);
      const [, date, region, service] = fields['X-Amz-Credential']!.split('/');
      const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
      const signingKey = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date!), region!), service!), 'aws4_request');
      expect(fields['X-Amz-Signature']).toBe(createHmac('sha256', signingKey).update(fields.Policy!).digest('hex'));
    });

    it('states in its signed policy what the bucket refuses: over 10 MiB, empty, or outside the user\'s dir', async () => {
      const policy = await policyFor(user);
      const { conditions } = decodePolicy(policy.fields.Policy!)!;
      const form = { ...policy.fields, key: policy.key };
      expect(brokenCondition(conditions, form, 10 * MIB)).toBeUndefined();
      expect(brokenCondition(conditions, form, 10 * MIB + 1)).toEqual(['content-length-range', 1, 10 * MIB]);
      expect(brokenCondition(conditions, form, 0)).toEqual(['content-length-range', 1, 10 * MIB]);
      expect(brokenCondition(conditions, { ...form, key: `users/${other.id}/image/x` }, 10)).toBeDefined();
      expect(brokenCondition(conditions, { ...form, key: `users/${user.id}/image/other` }, 10)).toEqual({ key: policy.key });
    });

    it('uploads to the bucket with the policy\'s fields, then key, then file', async () => {
      const policy = await policyFor(user);
      const res = await postToBucket(policy, PNG, 'image/png');
      expect(res.status).toBe(204);
      expect(await ctx.app().storage.head(policy.key)).toMatchObject({ size: PNG.length });
      const served = await fetch(policy.url);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
      expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
    });

    it('checks an uploaded file when it is used: an image is recorded with its sniffed type', async () => {
      const policy = await policyFor(user);
      expect((await postToBucket(policy, WEBP, 'image/webp')).status).toBe(204);
      expect(await findUploadedImage(deps(), user.id, policy.url)).toEqual({ key: policy.key, contentType: 'image/webp', size: WEBP.length });
      const [row] = await ctx.db().select().from(files).where(eq(files.key, policy.key));
      expect(row).toMatchObject({ contentType: 'image/webp', size: WEBP.length });
      expect(await findUploadedImage(deps(), other.id, policy.url)).toBeNull();
    });

    it('checks an uploaded file when it is used: HTML posted as an image is removed from the bucket', async () => {
      const policy = await policyFor(user);
      expect((await postToBucket(policy, HTML, 'image/png')).status).toBe(204);
      expect(await findUploadedImage(deps(), user.id, policy.url)).toBeNull();
      expect(await ctx.app().storage.head(policy.key)).toBeNull();
      expect((await fetch(policy.url)).status).toBe(404);
    });

    it('checks the user\'s music when it is used: sniffed as audio, 20 MiB allowed; a PNG posted as music is removed', async () => {
      const audioPolicy = async (): Promise<UploadPolicy> => (await ctx.post('/server_api/oss/stsPolicy', { token: user.token, kind: 'audio' })).body.data;
      const policy = await audioPolicy();
      expect(policy).toMatchObject({ maxSize: 20 * MIB });
      expect(decodePolicy(policy.fields.Policy!)!.conditions).toContainEqual(['content-length-range', 1, 20 * MIB]);
      const mp3 = audioFile('mp3');
      expect((await postToBucket(policy, mp3, 'audio/mpeg')).status).toBe(204);
      expect(await findUploadedAudio(deps(), user.id, policy.url)).toEqual({ key: policy.key, contentType: 'audio/mpeg', size: mp3.length });
      // Music is no picture, and a picture's check does not take it.
      expect(await findUploadedImage(deps(), user.id, policy.url)).toBeNull();

      const disguised = await audioPolicy();
      expect((await postToBucket(disguised, PNG, 'audio/mpeg')).status).toBe(204);
      expect(await findUploadedAudio(deps(), user.id, disguised.url)).toBeNull();
      expect(await ctx.app().storage.head(disguised.key)).toBeNull();
    });

    it('deletes a user\'s upload from the bucket with delete_file_url, and not another user\'s', async () => {
      const policy = await policyFor(user);
      expect((await postToBucket(policy, PNG, 'image/png')).status).toBe(204);
      expect((await ctx.post('/api/v1/video_task/delete_file_url', { token: other.token, url: policy.url })).body.rspCode).toBe(4);
      expect(await ctx.app().storage.head(policy.key)).not.toBeNull();
      expect((await ctx.post('/api/v1/video_task/delete_file_url', { token: user.token, url: policy.url })).body.rspCode).toBe(0);
      expect(await ctx.app().storage.head(policy.key)).toBeNull();
      expect((await ctx.post('/api/v1/video_task/delete_file_url', { token: user.token, url: policy.url })).body.rspCode).toBe(4);
    });

    it('puts the server\'s own files (bytes, or a stream of known size), with their type and an hour of caching (a year for template samples)', async () => {
      const store = ctx.app().storage;
      await store.put(`users/${user.id}/video/v1`, PNG, { contentType: 'video/mp4' });
      await store.put(`users/${user.id}/cover/c1`, Readable.from([PNG.subarray(0, 10), PNG.subarray(10)]), { contentType: 'image/jpeg', size: PNG.length });
      expect(await store.head(`users/${user.id}/video/v1`)).toMatchObject({ size: PNG.length, contentType: 'video/mp4' });
      expect(await store.readStart(`users/${user.id}/cover/c1`, 8)).toEqual(PNG.subarray(0, 8));
      // The whole file as a stream (导出我的数据 zips files this way).
      const whole: Buffer[] = [];
      for await (const chunk of (await store.openRead(`users/${user.id}/cover/c1`))!) whole.push(chunk as Buffer);
      expect(Buffer.concat(whole)).toEqual(PNG);
      expect(await store.openRead(`users/${user.id}/cover/none`)).toBeNull();
      const served = await fetch(store.fileUrl(`users/${user.id}/cover/c1`));
      expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
      await store.put('templates/9/sample.jpg', PNG, { contentType: 'image/jpeg' });
      expect((await fetch(store.fileUrl('templates/9/sample.jpg'))).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await expect(store.put('x', Readable.from([PNG]), { contentType: 'image/png' })).rejects.toThrow('size');
      await store.delete(`users/${user.id}/video/v1`);
      await store.delete(`users/${user.id}/video/v1`);
      expect(await store.head(`users/${user.id}/video/v1`)).toBeNull();
      expect(await store.readStart(`users/${user.id}/video/v1`, 8)).toBeNull();
    });

    it('copies a file inside the bucket with the new key\'s type and caching; false when there is none', async () => {
      const store = ctx.app().storage;
      await store.put('templates/8/old.mp4', PNG, { contentType: 'application/octet-stream' });
      expect(await store.copy('templates/8/old.mp4', `tasks/${'ab'.repeat(32)}/video.mp4`, { contentType: 'video/mp4' })).toBe(true);
      const copied = await fetch(store.fileUrl(`tasks/${'ab'.repeat(32)}/video.mp4`));
      expect([copied.status, copied.headers.get('content-type'), copied.headers.get('cache-control')]).toEqual([200, 'video/mp4', 'public, max-age=3600']);
      expect(Buffer.from(await copied.arrayBuffer())).toEqual(PNG);
      expect(await store.copy('templates/8/none.mp4', 'tasks/x/video.mp4', { contentType: 'video/mp4' })).toBe(false);
      expect(await store.head('tasks/x/video.mp4')).toBeNull();
    });

    it('takes a data export (导出我的数据) as a streamed zip of a size known up front, and serves it back', async () => {
      const store = ctx.app().storage;
      const video = `users/${user.id}/video/export-check`;
      await store.put(video, PNG, { contentType: 'video/mp4' });
      await ctx.db().insert(videoTasks).values({ userId: user.id, title: '导出', prompt: '文案', aspectRatio: '9:16', duration: 5, cost: 0, status: 'succeeded', videoKey: video });
      expect((await ctx.post('/api/v1/account/export', { token: user.token })).body.data.status).toBe('preparing');
      await waitUntil(async () => (await ctx.post('/api/v1/account/export_status', { token: user.token })).body.data.status === 'ready', 20_000, 'the export');
      const { url, size } = (await ctx.post('/api/v1/account/export_status', { token: user.token })).body.data;
      const zip = await ctx.app().inject({ method: 'GET', url });
      expect([zip.statusCode, zip.rawPayload.length, zip.rawPayload.subarray(0, 4)]).toEqual([200, size, Buffer.from([0x50, 0x4b, 0x03, 0x04])]);
      // The video is in it, stored as it is.
      expect(zip.rawPayload.includes(PNG)).toBe(true);
    });

    it('serves no /files routes of its own', async () => {
      expect((await ctx.app().inject({ method: 'POST', url: '/files' })).statusCode).toBe(404);
      expect((await ctx.app().inject({ method: 'GET', url: '/files/users/1/image/x' })).statusCode).toBe(404);
    });
  },
  env,
);
