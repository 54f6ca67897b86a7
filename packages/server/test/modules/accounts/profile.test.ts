import { eq } from 'drizzle-orm';
import type { S3Config } from '../../../src/config.js';
import { files, users } from '../../../src/db/schema.js';
import { changeProfile } from '../../../src/modules/accounts/profile.js';
import { BusinessError } from '../../../src/lib/errors.js';
import { describeEngines, uniquePhone, type EngineContext } from '../../helpers/engines.js';

const s3: S3Config = {
  endpoint: 'http://127.0.0.1:9000',
  region: 'us-east-1',
  bucket: 'media',
  accessKeyId: 'id',
  secretAccessKey: 'secret',
  publicUrl: 'https://cdn.example.com/media',
};

async function newUser(ctx: EngineContext) {
  const [user] = await ctx.db().insert(users).values({ phone: uniquePhone(), passwordHash: 'x', nickname: '某人' }).returning();
  return user!;
}

async function addUpload(ctx: EngineContext, userId: number, name: string) {
  const key = `users/${userId}/${name}`;
  await ctx.db().insert(files).values({ key, userId, kind: 'avatar', contentType: 'image/png', size: 68, uploadedAt: new Date() });
  return key;
}

const deps = (ctx: EngineContext, withS3?: S3Config) => ({ db: ctx.db(), store: ctx.app().storage, config: { s3: withS3 } });

describeEngines('changeProfile', (ctx) => {
  it('changes the fields given and answers the updated row', async () => {
    const user = await newUser(ctx);
    const updated = await changeProfile(deps(ctx), user, { nickname: '新', name: undefined });
    expect(updated).toEqual({ ...user, nickname: '新' });
    const [stored] = await ctx.db().select().from(users).where(eq(users.id, user.id));
    expect(stored).toEqual(updated);
  });

  it('answers the row untouched for no change, without a write', async () => {
    const user = await newUser(ctx);
    await ctx.db().update(users).set({ name: 'changed elsewhere' }).where(eq(users.id, user.id));
    expect(await changeProfile(deps(ctx), user, {})).toBe(user);
  });

  it('with an object store, takes its public URL of an upload and refuses the embedded store path', async () => {
    const user = await newUser(ctx);
    const key = await addUpload(ctx, user.id, 'face.png');
    const updated = await changeProfile(deps(ctx, s3), user, { avatar: `https://cdn.example.com/media/${key}` });
    expect(updated.avatar).toBe(`https://cdn.example.com/media/${key}`);

    const refused = changeProfile(deps(ctx, s3), user, { avatar: `/files/${key}` });
    await expect(refused).rejects.toEqual(new BusinessError(2, '头像地址无效'));
    await expect(refused).rejects.toBeInstanceOf(BusinessError);
  });

  it('without one, takes the embedded store path and refuses a look-alike URL', async () => {
    const user = await newUser(ctx);
    const key = await addUpload(ctx, user.id, 'face.png');
    expect((await changeProfile(deps(ctx), user, { avatar: `/files/${key}` })).avatar).toBe(`/files/${key}`);
    await expect(changeProfile(deps(ctx), user, { avatar: `https://cdn.example.com/media/${key}` })).rejects.toMatchObject({
      rspCode: 2,
      rspMsg: '头像地址无效',
    });
  });
});
