import type { Migration } from './index.js';

/**
 * SMS codes (modules/sms/sms-codes.ts): one row per code sent, its SHA-256 only. A code is checked
 * against the newest row of its phone and purpose: `tries` counts the checks (at most 5, each one
 * counted by an UPDATE before the comparison, so parallel guesses cannot overrun it) and `used_at`
 * makes it one-use. Rows outlive their 5 minutes only until the next send to that phone.
 */
export const smsCodes: Migration = {
  version: '0014-sms-codes',
  statements: [
    `CREATE TABLE sms_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      phone text NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('login', 'reset', 'delete')),
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      tries integer NOT NULL DEFAULT 0,
      used_at timestamptz
    )`,
    `CREATE INDEX sms_codes_phone ON sms_codes (phone, purpose, id)`,
  ],
};
