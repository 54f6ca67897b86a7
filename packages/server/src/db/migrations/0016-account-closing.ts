import type { Migration } from './index.js';

/**
 * 注销账号 and 导出我的数据 (modules/account-closing, modules/exports).
 *
 * `users.closing_at`: the end of the cooling-off of an account whose user asked to close it (null:
 * not closing); `users.closed_at`: when the sweep closed it (the row stays, anonymised, so the
 * ledger and activation rows keep pointing at an id). The ledger takes a `close` row: the
 * balance forfeited.
 *
 * `account_exports`: one row per export; the partial unique index keeps one `preparing` export
 * per user, however many requests arrive at once. Runners claim rows with FOR UPDATE SKIP LOCKED
 * and a lease, as workers claim tasks.
 */
export const accountClosing: Migration = {
  version: '0016-account-closing',
  statements: [
    `ALTER TABLE users ADD COLUMN closing_at timestamptz`,
    `ALTER TABLE users ADD COLUMN closed_at timestamptz`,
    `CREATE INDEX users_closing ON users (closing_at) WHERE closing_at IS NOT NULL AND closed_at IS NULL`,
    `ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_type`,
    `ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_type CHECK (type IN ('register', 'redeem', 'generate', 'refund', 'admin', 'write', 'close'))`,
    `CREATE TABLE account_exports (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL,
      status text NOT NULL DEFAULT 'preparing' CHECK (status IN ('preparing', 'ready', 'failed')),
      file_key text,
      size bigint,
      attempts integer NOT NULL DEFAULT 0,
      lease_owner text,
      lease_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      ready_at timestamptz,
      expires_at timestamptz
    )`,
    `CREATE UNIQUE INDEX account_exports_one_preparing ON account_exports (user_id) WHERE status = 'preparing'`,
    `CREATE INDEX account_exports_user ON account_exports (user_id, id)`,
  ],
};
