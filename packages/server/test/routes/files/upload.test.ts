import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { files } from '../../../src/db/schema.js';
import { issueUploadPolicy } from '../../../src/modules/storage/issue-upload-policy.js';
import { encodePolicy, decodePolicy } from '../../../src/modules/storage/post-policy.js';
import { type UploadPolicy } from '@app/contract';
import { describeEngines } from '../../helpers/engines.js';
import { createSignedInUser, type SignedInUser } from '../../helpers/storage-users.js';
import { HTML, JPEG, MIB, PNG, SVG, uploadForm, WEBP, type FileToSend } from '../../modules/storage/upload-fixtures.js';

describeEngines('POST /files (the embedded store takes a signed upload)', (ctx) => {
  let user: SignedInUser;
  let other: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUser(ctx.db());
    other = await createSignedInUser(ctx.db());
  });

  const filesDir = () => path.join(ctx.app().config.dataDir, 'files');
  const policyFor = async (who = user, kind: 'image' | 'avatar' = 'image'): Promise<UploadPolicy> =>
    (await ctx.post('/server_api/oss/stsPolicy', { token: who.token, kind })).body.data;
  const post = (form: FormData) => ctx.app().inject({ method: 'POST', url: '/files', payload: form });
  const rowOf = async (key: string) => (await ctx.db().select().from(files).where(eq(files.key, key)))[0];

  /** A refused upload leaves no file, no half file, and the key still free. */
  async function expectNothingStored(key: string) {
    expect(existsSync(path.join(filesDir(), key))).toBe(false);
    const temp = path.join(filesDir(), '.tmp');
    expect(existsSync(temp) ? readdirSync(temp) : []).toEqual([]);
    expect(await rowOf(key)).toMatchObject({ uploadedAt: null, contentType: null, size: null });
  }

  async function expectRefused(policy: UploadPolicy, form: FormData, msg: string) {
    const res = await post(form);
    expect([res.statusCode, res.json()]).toEqual([403, { msg }]);
    await expectNothingStored(policy.key);
  }

  it.each([
    ['JPEG', { bytes: JPEG, type: 'image/jpeg' }, 'image/jpeg'],
    ['PNG', { bytes: PNG, type: 'image/png' }, 'image/png'],
    ['WEBP', { bytes: WEBP, type: 'image/webp' }, 'image/webp'],
  ])('stores a %s under its key and records it (204, like S3)', async (_name, file: FileToSend, type) => {
    const policy = await policyFor();
    const res = await post(uploadForm(policy, file));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(readFileSync(path.join(filesDir(), policy.key))).toEqual(file.bytes);
    const row = await rowOf(policy.key);
    expect(row).toMatchObject({ userId: user.id, kind: 'image', contentType: type, size: file.bytes.length });
    expect(row?.uploadedAt).toBeInstanceOf(Date);

    const served = await ctx.app().inject({ method: 'GET', url: policy.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.rawPayload).toEqual(file.bytes);
  });

  it('stores a PNG sent as image/jpeg with the type its bytes have', async () => {
    const policy = await policyFor(user, 'avatar');
    expect((await post(uploadForm(policy, { bytes: PNG, type: 'image/jpeg' }))).statusCode).toBe(204);
    expect((await rowOf(policy.key))?.contentType).toBe('image/png');
    expect((await ctx.app().inject({ method: 'GET', url: policy.url })).headers['content-type']).toBe('image/png');
  });

  it('takes a file of exactly 10 MiB', async () => {
    const policy = await policyFor();
    const bytes = Buffer.alloc(10 * MIB);
    PNG.copy(bytes);
    expect((await post(uploadForm(policy, { bytes, type: 'image/png' }))).statusCode).toBe(204);
    expect((await rowOf(policy.key))?.size).toBe(10 * MIB);
  });

  it('takes one upload per policy: a second cannot replace the file', async () => {
    const policy = await policyFor();
    expect((await post(uploadForm(policy, { bytes: PNG, type: 'image/png' }))).statusCode).toBe(204);
    const res = await post(uploadForm(policy, { bytes: JPEG, type: 'image/jpeg' }));
    expect([res.statusCode, res.json()]).toEqual([403, { msg: '上传凭证已使用' }]);
    expect(readFileSync(path.join(filesDir(), policy.key))).toEqual(PNG);
  });

  describe('refuses with 403 and stores nothing', () => {
    const png: FileToSend = { bytes: PNG, type: 'image/png' };

    it('a wrong signature', async () => {
      const policy = await policyFor();
      const signature = policy.fields.signature!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      await expectRefused(policy, uploadForm(policy, png, { fields: { ...policy.fields, signature } }), '上传凭证无效');
    });

    it('a policy changed after signing (another prefix, a bigger size)', async () => {
      const policy = await policyFor();
      const document = decodePolicy(policy.fields.policy!)!;
      const widened = encodePolicy({ ...document, conditions: [['starts-with', '$key', 'users/'], ['content-length-range', 1, 10 ** 9]] });
      await expectRefused(policy, uploadForm(policy, png, { fields: { ...policy.fields, policy: widened } }), '上传凭证无效');
    });

    it('an expired policy', async () => {
      const policy = await issueUploadPolicy(ctx.db(), ctx.app().storage, { userId: user.id, kind: 'image', now: new Date(Date.now() - 10 * 60 * 1000 - 1000) });
      await expectRefused(policy, uploadForm(policy, png), '上传凭证已过期');
    });

    it('a key other than the policy\'s, even in the user\'s own dir', async () => {
      const policy = await policyFor();
      await expectRefused(policy, uploadForm(policy, png, { key: `users/${user.id}/image/chosen-by-client` }), '上传凭证无效');
      expect(existsSync(path.join(filesDir(), `users/${user.id}/image/chosen-by-client`))).toBe(false);
    });

    it('a key in another user\'s dir, with the other user\'s fresh key', async () => {
      const policy = await policyFor();
      const theirs = await policyFor(other);
      await expectRefused(policy, uploadForm(policy, png, { key: theirs.key }), '上传凭证无效');
      await expectNothingStored(theirs.key);
    });

    it('a key that climbs out with ..', async () => {
      const policy = await policyFor();
      await expectRefused(policy, uploadForm(policy, png, { key: `${policy.key}/../../../../${other.id}/image/x` }), '上传凭证无效');
      await expectRefused(policy, uploadForm(policy, png, { key: '../../outside' }), '上传凭证无效');
      expect(existsSync(path.join(filesDir(), '..', 'outside'))).toBe(false);
    });

    it('a file that is not the last part', async () => {
      const policy = await policyFor();
      const form = uploadForm(policy, png);
      form.append('after', 'x');
      await expectRefused(policy, form, '上传请求格式不正确');
    });

    it('a form without key, or without the policy, or with a field the policy does not allow', async () => {
      const policy = await policyFor();
      const noKey = new FormData();
      for (const [name, value] of Object.entries(policy.fields)) noKey.append(name, value);
      noKey.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
      await expectRefused(policy, noKey, '上传请求格式不正确');
      await expectRefused(policy, uploadForm(policy, png, { fields: { signature: policy.fields.signature! } }), '上传凭证无效');
      await expectRefused(policy, uploadForm(policy, png, { fields: { ...policy.fields, 'x-amz-acl': 'public-read-write' } }), '上传凭证无效');
    });

    it('a file over 10 MiB (by one byte)', async () => {
      const policy = await policyFor();
      const bytes = Buffer.alloc(10 * MIB + 1);
      PNG.copy(bytes);
      await expectRefused(policy, uploadForm(policy, { bytes, type: 'image/png' }), '文件过大');
    });

    it('a body announced far over the largest limit (an audio upload\'s 20 MiB), before reading it', async () => {
      const policy = await policyFor();
      const res = await ctx.app().inject({
        method: 'POST',
        url: '/files',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(21 * MIB) },
        payload: '--x--',
      });
      expect([res.statusCode, res.json()]).toEqual([403, { msg: '文件过大' }]);
      await expectNothingStored(policy.key);
    });

    it.each([
      ['a type the policy does not allow', { bytes: PNG, type: 'image/gif' }],
      ['SVG', { bytes: SVG, type: 'image/svg+xml' }],
      ['HTML declared as an image', { bytes: HTML, type: 'image/png' }],
      ['SVG declared as an image', { bytes: SVG, type: 'image/jpeg' }],
      ['text declared as an image', { bytes: Buffer.from('just some text'), type: 'image/webp' }],
    ])('%s', async (_name, file: FileToSend) => {
      const policy = await policyFor();
      await expectRefused(policy, uploadForm(policy, file), '只能上传 JPG、PNG 或 WEBP 图片');
    });

    it('an empty file', async () => {
      const policy = await policyFor();
      await expectRefused(policy, uploadForm(policy, { bytes: Buffer.alloc(0), type: 'image/png' }), '文件不能为空');
    });

    it('a body that is not multipart, or broken multipart', async () => {
      const policy = await policyFor();
      const json = await ctx.app().inject({ method: 'POST', url: '/files', payload: { ...policy.fields, key: policy.key } });
      expect([json.statusCode, json.json()]).toEqual([403, { msg: '上传请求格式不正确' }]);
      const broken = await ctx.app().inject({
        method: 'POST',
        url: '/files',
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
        payload: `--abc\r\nContent-Disposition: form-data; name="policy"\r\n\r\n${policy.fields.policy}\r\n--abc\r\nContent-Disp`,
      });
      expect([broken.statusCode, broken.json()]).toEqual([403, { msg: '上传请求格式不正确' }]);
      await expectNothingStored(policy.key);
    });
  });
});
