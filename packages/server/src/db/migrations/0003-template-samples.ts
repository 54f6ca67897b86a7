import type { Migration } from './index.js';

/**
 * Templates the server seeds itself, with a sample video the workers render. Until the sample is
 * stored a template is not `ready` and the app does not see it (modules/templates/templates).
 */
export const templateSamples: Migration = {
  version: '0003-template-samples',
  statements: [
    // Which built-in template a row is: the unique key makes seeding from many processes at once insert each one once.
    `ALTER TABLE sys_videos ADD COLUMN seed_key text CONSTRAINT sys_videos_seed_key UNIQUE`,
    // Rows that exist already were added with their own URLs: they are ready as they are.
    `ALTER TABLE sys_videos ADD COLUMN sample_status text NOT NULL DEFAULT 'ready'
      CONSTRAINT sys_videos_sample_status CHECK (sample_status IN ('pending', 'rendering', 'ready', 'failed'))`,
    `ALTER TABLE sys_videos ADD COLUMN sample_attempts integer NOT NULL DEFAULT 0`,
    `ALTER TABLE sys_videos ADD COLUMN sample_lease_owner text`,
    `ALTER TABLE sys_videos ADD COLUMN sample_lease_expires_at timestamptz`,
    `CREATE INDEX sys_videos_samples_due ON sys_videos (sort, id) WHERE sample_status IN ('pending', 'rendering')`,
  ],
};
