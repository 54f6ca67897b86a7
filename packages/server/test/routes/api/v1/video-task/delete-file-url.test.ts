import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { files, users } from '../../../../../src/db/schema.js';
import { type UploadPolicy } from '@app/contract';
import { describeEngines } from '../../../../helpers/engines.js';
import { createSignedInUser, type SignedInUser } from '../../../../helpers/storage-users.js';
import { PNG, uploadForm } from '../../../../modules/storage/upload-fixtures.js';

const URL = '/api/v1/video_task/delete_file_url';

describeEngines('POST /api/v1/video_task/delete_file_url', (ctx) => {
  let user: SignedInUser;
  let other: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUser(ctx.db());
    other = await createSignedInUser(ctx.db());
  });

  async function uploaded(who: SignedInUser, kind: 'image' | 'avatar' = 'image'): Promise<UploadPolicy> {
    const policy: UploadPolicy = (await ctx.post('/server_api/oss/stsPolicy', { token: who.token, kind })).body.data;
    const res = await ctx.app().inject({ method: 'POST', url: '/files', payload: uploadForm(policy, { bytes: PNG, type: 'image/png' }) });
    expect(res.statusCode).toBe(204);
    return policy;
  }
  const onDisk = (key: string) => existsSync(path.join(ctx.app().config.dataDir, 'files', key));
  const rowOf = async (key: string) => (await ctx.db().select().from(files).where(eq(files.key, key)))[0];
  const notFound = { rspCode: 4, rspMsg: '文件不存在' };

  it('removes the user\'s uploaded file and its record; the URL then answers 404', async () => {
    const policy = await uploaded(user);
    expect((await ctx.post(URL, { token: user.token, url: policy.url })).body).toEqual({ rspCode: 0, rspMsg: '成功', data: {} });
    expect(onDisk(policy.key)).toBe(false);
    expect(await rowOf(policy.key)).toBeUndefined();
    expect((await ctx.app().inject({ method: 'GET', url: policy.url })).statusCode).toBe(404);
  });

  it('answers 4 the second time', async () => {
    const policy = await uploaded(user);
    expect((await ctx.post(URL, { token: user.token, url: policy.url })).body.rspCode).toBe(0);
    expect((await ctx.post(URL, { token: user.token, url: policy.url })).body).toEqual(notFound);
  });

  it('removes a key that was issued but never uploaded, so the policy no longer works', async () => {
    const policy: UploadPolicy = (await ctx.post('/server_api/oss/stsPolicy', { token: user.token, kind: 'image' })).body.data;
    expect((await ctx.post(URL, { token: user.token, url: policy.url })).body.rspCode).toBe(0);
    const res = await ctx.app().inject({ method: 'POST', url: '/files', payload: uploadForm(policy, { bytes: PNG, type: 'image/png' }) });
    expect([res.statusCode, res.json()]).toEqual([403, { msg: '上传凭证无效' }]);
    expect(onDisk(policy.key)).toBe(false);
  });

  it('answers 4, and keeps the file, for another user\'s file', async () => {
    const policy = await uploaded(other);
    expect((await ctx.post(URL, { token: user.token, url: policy.url })).body).toEqual(notFound);
    expect(onDisk(policy.key)).toBe(true);
    expect(await rowOf(policy.key)).toBeDefined();
  });

  it('answers 4 for a file the server made (a task\'s video goes with its task)', async () => {
    const key = `users/${user.id}/video/rendered`;
    await ctx.app().storage.put(key, PNG, { contentType: 'video/mp4' });
    await ctx.db().insert(files).values({ key, userId: user.id, kind: 'video', contentType: 'video/mp4', size: PNG.length, uploadedAt: new Date() });
    expect((await ctx.post(URL, { token: user.token, url: `/files/${key}` })).body).toEqual(notFound);
    expect(onDisk(key)).toBe(true);
  });

  it.each([
    ['a URL of another site', 'https://example.com/files/users/1/image/abc'],
    ['an unknown key', '/files/users/1/image/0123456789abcdef0123456789abcdef'],
    ['a path that climbs out', '/files/users/1/../../secret'],
    ['an encoded climb', '/files/users%2F..%2F..%2Fsecret'],
    ['a bare prefix', '/files/'],
    ['a SQL-looking URL', "/files/x' OR '1'='1"],
    ['a SQL-looking key that passes the key pattern', '/files/users/1/image/1;DROP-TABLE-files'],
  ])('answers 4 for %s', async (_name, url) => {
    expect((await ctx.post(URL, { token: user.token, url })).body).toEqual(notFound);
  });

  it('answers 5 for the user\'s current avatar', async () => {
    const policy = await uploaded(user, 'avatar');
    await ctx.db().update(users).set({ avatar: policy.url }).where(eq(users.id, user.id));
    expect((await ctx.post(URL, { token: user.token, url: policy.url })).body.rspCode).toBe(5);
    await ctx.db().update(users).set({ avatar: '' }).where(eq(users.id, user.id));
    expect((await ctx.post(URL, { token: user.token, url: policy.url })).body.rspCode).toBe(0);
  });

  it('asks to sign in without a valid token', async () => {
    const policy = await uploaded(user);
    expect((await ctx.post(URL, { url: policy.url })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
    expect((await ctx.post(URL, { token: 'nope', url: policy.url })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
    expect(onDisk(policy.key)).toBe(true);
  });

  it.each([
    ['no url', {}, '文件地址不能为空'],
    ['an empty url', { url: '' }, '文件地址不能为空'],
    ['a blank url', { url: '   ' }, '文件地址不能为空'],
    ['a url of the wrong type', { url: 42 }, '文件地址格式不正确'],
    ['a url as an object', { url: { key: 'x' } }, '文件地址格式不正确'],
    ['a url with a control character', { url: '/files/users/1/image/a\u0007b' }, '文件地址不能包含控制字符'],
    ['a huge url', { url: `/files/${'a'.repeat(5000)}` }, '文件地址不能超过 2048 个字'],
  ])('refuses %s with rspCode 2', async (_name, payload, rspMsg) => {
    const { status, body } = await ctx.post(URL, { token: user.token, ...payload });
    expect(status).toBe(200);
    expect(body).toEqual({ rspCode: 2, rspMsg });
  });
});
