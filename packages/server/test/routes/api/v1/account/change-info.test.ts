import { eq } from 'drizzle-orm';
import { files, users, type FileKind } from '../../../../../src/db/schema.js';
import { describeEngines, type EngineContext } from '../../../../helpers/engines.js';
import { ACCOUNT_INFO, CHANGE_INFO, failure, signUp } from './account-calls.js';

/** A file row as the storage routes write it; `uploaded: false` is a policy issued but never used. */
async function addFile(ctx: EngineContext, userId: string, name: string, options: { kind?: FileKind; uploaded?: boolean } = {}) {
  const key = `users/${userId}/${name}`;
  await ctx
    .db()
    .insert(files)
    .values({
      key,
      userId: Number(userId),
      kind: options.kind ?? 'avatar',
      contentType: 'image/png',
      size: 1234,
      uploadedAt: options.uploaded === false ? null : new Date(),
    });
  return `/files/${key}`;
}

describeEngines('POST /api/v1/account/change_info', (ctx) => {
  it('changes nickname and name, answers the UserInfo with the token, and keeps it', async () => {
    const info = await signUp(ctx);
    const res = await ctx.post(CHANGE_INFO, { token: info.token, nickname: ' 小红 ', name: '李红' });
    expect(res.body).toEqual({ rspCode: 0, rspMsg: '成功', data: { ...info, nickname: '小红', name: '李红' } });
    expect((await ctx.post(ACCOUNT_INFO, { token: info.token })).body.data).toEqual(res.body.data);
  });

  it('changes only the fields given', async () => {
    const info = await signUp(ctx);
    await ctx.post(CHANGE_INFO, { token: info.token, nickname: '甲', name: '乙' });
    const res = await ctx.post(CHANGE_INFO, { token: info.token, name: '丙' });
    expect(res.body.data).toMatchObject({ nickname: '甲', name: '丙' });
  });

  it('answers the UserInfo unchanged when no field is given', async () => {
    const info = await signUp(ctx);
    expect((await ctx.post(CHANGE_INFO, { token: info.token })).body).toEqual({ rspCode: 0, rspMsg: '成功', data: info });
  });

  it('clears the name with an empty (or blank) one', async () => {
    const info = await signUp(ctx);
    await ctx.post(CHANGE_INFO, { token: info.token, name: '李红' });
    expect((await ctx.post(CHANGE_INFO, { token: info.token, name: '   ' })).body.data.name).toBe('');
  });

  it('counts characters, not bytes: 20 emoji or 20 Chinese characters fit', async () => {
    const info = await signUp(ctx);
    const res = await ctx.post(CHANGE_INFO, { token: info.token, nickname: '😀'.repeat(20), name: '汉'.repeat(20) });
    expect(res.body.data).toMatchObject({ nickname: '😀'.repeat(20), name: '汉'.repeat(20) });
  });

  it('stores SQL-looking text as plain text', async () => {
    const info = await signUp(ctx);
    const nickname = "' OR 1=1; --";
    expect((await ctx.post(CHANGE_INFO, { token: info.token, nickname })).body.data.nickname).toBe(nickname);
    const [row] = await ctx.db().select().from(users).where(eq(users.id, Number(info.id)));
    expect(row!.nickname).toBe(nickname);
  });

  it('works with the token in Authorization: Bearer', async () => {
    const info = await signUp(ctx);
    const res = await ctx.post(CHANGE_INFO, { name: '王五' }, { authorization: `Bearer ${info.token}` });
    expect(res.body.data).toEqual({ ...info, name: '王五' });
  });

  describe('avatar', () => {
    it("takes the URL of the user's own finished upload, and '' to remove it", async () => {
      const info = await signUp(ctx);
      const avatar = await addFile(ctx, info.id, 'avatar-1.png');
      expect((await ctx.post(CHANGE_INFO, { token: info.token, avatar })).body).toEqual({ rspCode: 0, rspMsg: '成功', data: { ...info, avatar } });
      expect((await ctx.post(CHANGE_INFO, { token: info.token, avatar: '' })).body.data.avatar).toBe('');
    });

    it('takes an uploaded image (kind image) too', async () => {
      const info = await signUp(ctx);
      const avatar = await addFile(ctx, info.id, 'photo.png', { kind: 'image' });
      expect((await ctx.post(CHANGE_INFO, { token: info.token, avatar })).body.data.avatar).toBe(avatar);
    });

    it('keeps the current avatar when it is sent again, even once its file is gone', async () => {
      const info = await signUp(ctx);
      const avatar = await addFile(ctx, info.id, 'kept.png');
      await ctx.post(CHANGE_INFO, { token: info.token, avatar });
      await ctx.db().delete(files).where(eq(files.key, avatar.slice('/files/'.length)));
      const res = await ctx.post(CHANGE_INFO, { token: info.token, avatar, nickname: '新昵称' });
      expect(res.body.data).toMatchObject({ avatar, nickname: '新昵称' });
    });

    it.each([
      ['a URL elsewhere', async () => 'https://evil.example.com/a.png'],
      ['a relative path', async () => 'users/1/a.png'],
      ['a SQL-looking string', async () => "' OR 1=1 --"],
      ['a path escaping the folder', async (_: EngineContext, me: string, other: string) => `/files/users/${me}/../${other}/a.png`],
      ["another user's upload", async (c: EngineContext, _: string, other: string) => addFile(c, other, 'theirs.png')],
      [
        "a file of the user's listed under another user's folder",
        async (c: EngineContext, me: string, other: string) => {
          await c.db().insert(files).values({ key: `users/${other}/planted.png`, userId: Number(me), kind: 'avatar', uploadedAt: new Date() });
          return `/files/users/${other}/planted.png`;
        },
      ],
      ['a key under their folder that was never issued', async (_: EngineContext, me: string) => `/files/users/${me}/never.png`],
      ['a policy issued but never uploaded', async (c: EngineContext, me: string) => addFile(c, me, 'pending.png', { uploaded: false })],
      ['a rendered video of theirs', async (c: EngineContext, me: string) => addFile(c, me, 'out.mp4', { kind: 'video' })],
    ])('refuses %s with rspCode 2 头像地址无效, changing nothing', async (_, makeUrl) => {
      const info = await signUp(ctx);
      const other = await signUp(ctx);
      const avatar = await makeUrl(ctx, info.id, other.id);
      expect(await ctx.post(CHANGE_INFO, { token: info.token, avatar, nickname: '不该生效' })).toMatchObject(failure(2, '头像地址无效'));
      expect((await ctx.post(ACCOUNT_INFO, { token: info.token })).body.data).toEqual(info);
    });
  });

  it.each([
    ['an empty nickname', { nickname: '' }, '昵称不能为空'],
    ['a blank nickname', { nickname: '   ' }, '昵称不能为空'],
    ['a nickname of 21 characters', { nickname: '一'.repeat(21) }, '昵称不能超过 20 个字'],
    ['a nickname with BEL', { nickname: 'a\u0007b' }, '昵称不能包含控制字符'],
    ['a nickname with a line break', { nickname: 'a\nb' }, '昵称不能包含控制字符'],
    ['a number as nickname', { nickname: 42 }, '昵称格式不正确'],
    ['null as nickname', { nickname: null }, '昵称格式不正确'],
    ['a 100 KB nickname', { nickname: 'x'.repeat(100 * 1024) }, '昵称不能超过 20 个字'],
    ['a name of 21 characters', { name: '一'.repeat(21) }, '姓名不能超过 20 个字'],
    ['a name with NUL', { name: '\u0000' }, '姓名不能包含控制字符'],
    ['an object as name', { name: { first: 'a' } }, '姓名格式不正确'],
    ['a number as avatar', { avatar: 5 }, '头像格式不正确'],
    ['an avatar with BEL', { avatar: '/files/users/1/a\u0007.png' }, '头像不能包含控制字符'],
    ['a 100 KB avatar', { avatar: `/files/${'x'.repeat(100 * 1024)}` }, '头像不能超过 1000 个字'],
  ])('answers rspCode 2 for %s, changing nothing', async (_, fields, rspMsg) => {
    const info = await signUp(ctx);
    expect(await ctx.post(CHANGE_INFO, { token: info.token, ...fields })).toMatchObject(failure(2, rspMsg));
    expect((await ctx.post(ACCOUNT_INFO, { token: info.token })).body.data).toEqual(info);
  });

  it('answers rspCode 6 without a valid token, changing nothing', async () => {
    expect(await ctx.post(CHANGE_INFO, { nickname: '某人' })).toMatchObject(failure(6, '请先登录'));
    expect(await ctx.post(CHANGE_INFO, { token: 'not-a-token', nickname: '某人' })).toMatchObject(failure(6, '请先登录'));
  });
});
