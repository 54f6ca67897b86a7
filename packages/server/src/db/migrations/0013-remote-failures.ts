import type { Migration } from './index.js';

/**
 * Load failures of remotes that browsers report (`POST /api/v1/remotes/report`, modules/remotes/
 * reports.ts): which remote, which of its versions, on which page, and the kind of failure. Read
 * by `remotes list` (the last hour, per remote and version) so a failing canary shows before it is
 * promoted; rows older than a week are removed now and then.
 */
export const remoteFailures: Migration = {
  version: '0013-remote-failures',
  statements: [
    `CREATE TABLE remote_failures (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      version text NOT NULL,
      page text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('missing', 'network', 'timeout', 'incompatible', 'crashed')),
      at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX remote_failures_at ON remote_failures (at, name)`,
  ],
};
