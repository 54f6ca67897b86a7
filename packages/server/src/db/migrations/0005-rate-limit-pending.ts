import type { Migration } from './index.js';

/**
 * A counted attempt may be in flight (its password or code still being checked): it holds its place
 * in the limit until it is settled (a failure, kept) or released (a success, deleted). See
 * modules/rate-limit/rate-limit.ts. Rows that exist already are failures.
 */
export const rateLimitPending: Migration = {
  version: '0005-rate-limit-pending',
  statements: [`ALTER TABLE rate_limit_hits ADD COLUMN pending boolean NOT NULL DEFAULT false`],
};
