import { randomBytes } from 'node:crypto';
import { userDir } from '../files/file-urls.js';
import { type UploadKind } from '@app/contract';

/**
 * A fresh key for one upload: `users/<id>/<kind>/<128 random bits>`. The server picks it (the app
 * only echoes it), so keys never collide, a stored file is never rewritten, and nobody can guess
 * another user's files. No extension: the type is not known until the bytes arrive.
 */
export function newUploadKey(userId: number, kind: UploadKind): string {
  return `${userDir(userId)}${kind}/${randomBytes(16).toString('hex')}`;
}
