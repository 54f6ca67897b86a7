import { eq } from 'drizzle-orm';
import { files } from '../../../src/db/schema.js';
import { loadUploadSecret } from '../../../src/modules/storage/upload-secret.js';
import { describeEngines } from '../../helpers/engines.js';
import { createSignedInUser, type SignedInUser } from '../../helpers/storage-users.js';

const URL = '/server_api/oss/stsPolicy';

describeEngines('POST /server_api/oss/stsPolicy', (ctx) => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUser(ctx.db());
  });

  it('answers the policy of docs/api.md for a fresh key in the user\'s own dir', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await ctx.post(URL, { token: user.token, kind: 'image' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ rspCode: 0, rspMsg: '成功' });
    const policy = body.data;
    expect(Object.keys(policy).sort()).toEqual(['contentTypes', 'dir', 'expire', 'fields', 'host', 'key', 'maxSize', 'url']);
    expect(policy).toMatchObject({
      host: '/files',
      dir: `users/${user.id}/`,
      maxSize: 10 * 1024 * 1024,
      contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
      url: `/files/${policy.key}`,
    });
    expect(policy.key).toMatch(new RegExp(`^users/${user.id}/image/[0-9a-f]{32}$`));
    expect(policy.expire).toBeGreaterThanOrEqual(before + 600);
    expect(policy.expire).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 600);
    expect(Object.keys(policy.fields)).toEqual(['policy', 'signature']);
  });

  it('records the key as the user\'s, not uploaded yet', async () => {
    const { body } = await ctx.post(URL, { token: user.token, kind: 'avatar' });
    const [row] = await ctx.db().select().from(files).where(eq(files.key, body.data.key));
    expect(row).toMatchObject({ userId: user.id, kind: 'avatar', contentType: null, size: null, uploadedAt: null });
  });

  it('takes the token from Authorization: Bearer too', async () => {
    const { body } = await ctx.post(URL, { kind: 'image' }, { authorization: `Bearer ${user.token}` });
    expect(body.rspCode).toBe(0);
  });

  it('signs with one secret kept in the database, whichever process asks', async () => {
    const first = await loadUploadSecret(ctx.db());
    const again = await loadUploadSecret(ctx.db());
    expect(first).toHaveLength(32);
    expect(again.equals(first)).toBe(true);
  });

  it.each([
    ['no token', { kind: 'image' }],
    ['an unknown token', { token: 'x'.repeat(43), kind: 'image' }],
  ])('asks to sign in with %s', async (_name, body) => {
    expect((await ctx.post(URL, body)).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
  });

  it.each([
    ['no kind', {}, '上传类型不能为空'],
    ['an unknown kind', { kind: 'video' }, '上传类型只能是 image、avatar、audio'],
    ['kind of the wrong type', { kind: 1 }, '上传类型格式不正确'],
    ['kind as an array', { kind: ['image'] }, '上传类型格式不正确'],
    ['a SQL-looking kind', { kind: "image'; DROP TABLE files; --" }, '上传类型只能是 image、avatar、audio'],
    ['a control character in kind', { kind: 'image\u0000' }, '上传类型只能是 image、avatar、audio'],
    ['a huge kind', { kind: 'i'.repeat(100_000) }, '上传类型只能是 image、avatar、audio'],
    ['a token of the wrong type', { kind: 'image', token: 12345 }, '登录令牌格式不正确'],
    ['a huge token', { kind: 'image', token: 't'.repeat(201) }, '登录令牌不能超过 200 个字'],
  ])('refuses %s with rspCode 2', async (_name, payload, rspMsg) => {
    const { status, body } = await ctx.post(URL, { token: user.token, ...payload });
    expect(status).toBe(200);
    expect(body).toEqual({ rspCode: 2, rspMsg });
  });

  it('gives one user 60 policies per 10 minutes: of 80 asked at once, 60 are issued, 20 are 429 with Retry-After', async () => {
    const greedy = await createSignedInUser(ctx.db());
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => ctx.post(URL, { token: greedy.token, kind: i % 2 ? 'image' : 'avatar' })));
    expect(answers.filter((a) => a.status === 200 && a.body.rspCode === 0)).toHaveLength(60);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(20);
    for (const a of limited) {
      expect(a.body).toEqual({ msg: '操作过于频繁，请 10 分钟后再试' });
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(590);
      expect(Number(a.headers['retry-after'])).toBeLessThanOrEqual(600);
    }
    // Only the 60 issued keys were recorded.
    expect(await ctx.db().select().from(files).where(eq(files.userId, greedy.id))).toHaveLength(60);
    // Another user is not held back.
    expect((await ctx.post(URL, { token: (await createSignedInUser(ctx.db())).token, kind: 'image' })).body.rspCode).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await ctx.app().inject({ method: 'POST', url: URL, payload: 'kind=image', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(400);
  });
});
