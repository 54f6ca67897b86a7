import type { Migration } from './index.js';

/**
 * What a user's password is (modules/accounts/password-change.ts): `has_password` is false for an
 * account made by an SMS code (its stored hash is of random bytes nobody knows), so 修改密码 sets
 * the first one without asking for an old one; `password_must_change` marks a one-time password
 * an operator issued (`npm run admin -- users reset-password`): a session signed in with it may
 * only set a new password (docs/api.md, /api/v1/account/change_password).
 */
export const passwordState: Migration = {
  version: '0015-password-state',
  statements: [
    `ALTER TABLE users ADD COLUMN has_password boolean NOT NULL DEFAULT true`,
    `ALTER TABLE users ADD COLUMN password_must_change boolean NOT NULL DEFAULT false`,
  ],
};
