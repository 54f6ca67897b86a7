import type { Migration } from './index.js';

/**
 * The remotes registry (modules/remotes): which build of each remote the shell loads, with its
 * history. `remote_releases` is append-only — every set, promote, rollback and the first values
 * (REMOTE_*_URL) is a row holding the whole state it left: the stable URL and version, and the
 * canary (URL, version, percent of devices) if any. `stable_from` is the row that first made this
 * stable build everyone's (NULL: this row itself), so a rollback goes to the row before it.
 * `remotes` points each remote at its current row; a change locks that row, so concurrent changes
 * of one remote apply one after the other. Deploy tokens are kept as SHA-256 hashes only.
 */
export const remotes: Migration = {
  version: '0012-remotes',
  statements: [
    `CREATE TABLE remote_releases (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      action text NOT NULL CHECK (action IN ('initial', 'set', 'canary', 'promote', 'rollback')),
      url text NOT NULL,
      entry text NOT NULL,
      version text,
      canary_url text,
      canary_entry text,
      canary_version text,
      canary_percent integer CHECK (canary_percent BETWEEN 1 AND 99),
      stable_from bigint REFERENCES remote_releases (id),
      set_at timestamptz NOT NULL DEFAULT now(),
      set_by text NOT NULL,
      CHECK ((canary_url IS NULL) = (canary_percent IS NULL) AND (canary_url IS NULL) = (canary_entry IS NULL))
    )`,
    `CREATE INDEX remote_releases_name ON remote_releases (name, id)`,
    `CREATE TABLE remotes (
      name text PRIMARY KEY,
      release_id bigint NOT NULL REFERENCES remote_releases (id)
    )`,
    `CREATE TABLE remote_deploy_tokens (
      token_hash text PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  ],
};
