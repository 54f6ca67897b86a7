import type { Migration } from './index.js';

/**
 * Share links (modules/shares): a public page `/s/<token>` of one finished video. The token is
 * 144 random bits; a video has at most one live link, revoking deletes it, and deleting the video
 * (even its soft delete) ends it.
 */
export const shareLinks: Migration = {
  version: '0011-share-links',
  statements: [
    `CREATE TABLE share_links (
      token text PRIMARY KEY,
      task_id bigint NOT NULL UNIQUE REFERENCES video_tasks (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  ],
};
