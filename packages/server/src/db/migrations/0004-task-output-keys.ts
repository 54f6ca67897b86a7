import type { Migration } from './index.js';

/**
 * Rendered videos and covers under a random key per task instead of its sequential id
 * (`tasks/<id>/video.mp4` let anyone fetch every user's video by counting). The files of the
 * tasks that exist are moved by the server when it starts (modules/tasks/legacy-outputs): a
 * migration runs SQL only.
 */
export const taskOutputKeys: Migration = {
  version: '0004-task-output-keys',
  statements: [
    // 244 random bits (two v4 UUIDs, 64 hex digits) from PostgreSQL's strong random source; a
    // volatile default gives each existing row its own. Fixed per task: a retry of the render
    // overwrites the same files, and a delete knows them.
    `ALTER TABLE video_tasks ADD COLUMN output_token text NOT NULL
      DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`,
    // Every task that exists now may have files at the old addresses (or, once failed or deleted,
    // leftovers there); the tasks saved from now on never do.
    `ALTER TABLE video_tasks ADD COLUMN legacy_outputs boolean NOT NULL DEFAULT true`,
    `ALTER TABLE video_tasks ALTER COLUMN legacy_outputs SET DEFAULT false`,
    `CREATE INDEX video_tasks_legacy_outputs ON video_tasks (id) WHERE legacy_outputs`,
  ],
};
