import { randomBytes } from 'node:crypto';
import { userDir } from '../files/file-urls.js';
import type { UploadKind } from './store.js';

/**
 * A fresh key for one upload: `users/<id>/<kind>/<128 random bits>`. The server picks it (the app
 * only echoes it), so keys never collide and a stored file is never rewritten — which is what
 * lets it be cached for a year. No extension: the type is not known until the bytes arrive.
 */
export function newUploadKey(userId: number, kind: UploadKind): string {
  return `${userDir(userId)}${kind}/${randomBytes(16).toString('hex')}`;
}
