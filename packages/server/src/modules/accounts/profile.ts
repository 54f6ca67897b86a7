import type { BodyOf, changeInfo } from '@app/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { findUploadedImage } from '../files/user-uploads.js';
import type { UserRow } from '../sessions/tokens.js';

/** The fields 个人资料 may change (@app/contract's change_info body). */
export type ProfileChanges = BodyOf<typeof changeInfo>;

type UploadDeps = Parameters<typeof findUploadedImage>[0];

const INVALID_AVATAR = '头像地址无效';

/** Uploads that are pictures the user chose (not task output such as videos and covers). */
const AVATAR_KINDS = ['avatar', 'image'] as const;

/** Applies `changes` and answers the updated row; no change at all answers `user` as it is. */
export async function changeProfile(deps: UploadDeps, user: UserRow, changes: ProfileChanges): Promise<UserRow> {
  const { nickname, name, avatar } = changes;
  // The profile page sends every field: its current avatar passes even if its file is gone since.
  // Any other must be a finished picture upload of this user's (checked in the store for S3).
  if (avatar !== undefined && avatar !== '' && avatar !== user.avatar) {
    if (!(await findUploadedImage(deps, user.id, avatar, AVATAR_KINDS))) throw new BusinessError(RspCode.invalidParam, INVALID_AVATAR);
  }

  const set = {
    ...(nickname !== undefined && { nickname }),
    ...(name !== undefined && { name }),
    ...(avatar !== undefined && { avatar }),
  };
  if (Object.keys(set).length === 0) return user;
  const [updated] = await deps.db.update(users).set(set).where(eq(users.id, user.id)).returning();
  if (!updated) throw new Error(`changeProfile: no user ${user.id}`);
  return updated;
}
