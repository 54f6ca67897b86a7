import type { Migration } from './index.js';

/** AI 帮写 charges its points as a ledger row of its own type, `write` (@app/contract LEDGER_TYPES). */
export const writeLedgerType: Migration = {
  version: '0010-write-ledger-type',
  statements: [
    `ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_type`,
    `ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_type CHECK (type IN ('register', 'redeem', 'generate', 'refund', 'admin', 'write'))`,
  ],
};
