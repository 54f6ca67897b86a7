import type { Migration } from './index.js';

/** Accounts, sign-in tokens, the points ledger, activation codes, rate limits, templates, files. */
export const core: Migration = {
  version: '0001-core',
  statements: [
    `CREATE TABLE users (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      phone text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      nickname text NOT NULL,
      name text NOT NULL DEFAULT '',
      avatar text NOT NULL DEFAULT '',
      points integer NOT NULL DEFAULT 0 CONSTRAINT users_points_not_negative CHECK (points >= 0),
      member_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE sessions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`,
    `CREATE INDEX sessions_user ON sessions (user_id)`,
    `CREATE TABLE points_ledger (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      change integer NOT NULL,
      balance integer NOT NULL CONSTRAINT points_ledger_balance_not_negative CHECK (balance >= 0),
      type text NOT NULL CONSTRAINT points_ledger_type CHECK (type IN ('register', 'redeem', 'generate', 'refund', 'admin')),
      title text NOT NULL,
      task_id text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX points_ledger_user ON points_ledger (user_id, id)`,
    `CREATE TABLE code_batches (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      points integer NOT NULL CHECK (points >= 0),
      days integer NOT NULL CHECK (days >= 0),
      count integer NOT NULL CHECK (count > 0),
      ends_at timestamptz,
      note text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE activation_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      batch_id bigint NOT NULL REFERENCES code_batches(id),
      code text NOT NULL UNIQUE CONSTRAINT activation_codes_alphabet CHECK (code ~ '^[A-HJ-NP-Z2-9]{16}$'),
      disabled_at timestamptz,
      redeemed_by bigint REFERENCES users(id) ON DELETE SET NULL,
      redeemed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX activation_codes_redeemed ON activation_codes (redeemed_by, redeemed_at) WHERE redeemed_by IS NOT NULL`,
    `CREATE TABLE rate_limit_hits (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      key text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX rate_limit_hits_key ON rate_limit_hits (key, at)`,
    `CREATE TABLE sys_videos (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      category text NOT NULL DEFAULT '',
      style text NOT NULL DEFAULT '',
      cover_url text NOT NULL DEFAULT '',
      video_url text NOT NULL DEFAULT '',
      duration integer NOT NULL DEFAULT 0,
      aspect_ratio text NOT NULL DEFAULT '9:16' CHECK (aspect_ratio IN ('9:16', '16:9', '1:1')),
      sort integer NOT NULL DEFAULT 0,
      params jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX sys_videos_order ON sys_videos (sort, created_at)`,
    `CREATE TABLE files (
      key text PRIMARY KEY,
      user_id bigint REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('image', 'avatar', 'video', 'cover', 'template')),
      content_type text,
      size integer,
      uploaded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX files_user ON files (user_id)`,
    `CREATE TABLE app_secrets (
      name text PRIMARY KEY,
      value text NOT NULL
    )`,
  ],
};
