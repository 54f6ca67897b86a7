import type { Migration } from './index.js';

/** The video tasks: what users asked for, and the queue the workers take them from. */
export const videoTasks: Migration = {
  version: '0002-video-tasks',
  statements: [
    `CREATE TABLE video_tasks (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title text NOT NULL,
      prompt text NOT NULL,
      images jsonb NOT NULL DEFAULT '[]' CONSTRAINT video_tasks_images_array CHECK (jsonb_typeof(images) = 'array'),
      template_id bigint REFERENCES sys_videos(id) ON DELETE SET NULL,
      aspect_ratio text NOT NULL CHECK (aspect_ratio IN ('9:16', '16:9', '1:1')),
      duration integer NOT NULL CHECK (duration > 0),
      status text NOT NULL DEFAULT 'queued'
        CONSTRAINT video_tasks_status CHECK (status IN ('queued', 'processing', 'succeeded', 'failed', 'cancelled')),
      progress integer NOT NULL DEFAULT 0 CONSTRAINT video_tasks_progress CHECK (progress BETWEEN 0 AND 100),
      cost integer NOT NULL CHECK (cost >= 0),
      priority integer NOT NULL DEFAULT 0,
      client_request_id text,
      video_key text,
      cover_key text,
      error_msg text NOT NULL DEFAULT '',
      attempts integer NOT NULL DEFAULT 0,
      lease_owner text,
      lease_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      deleted_at timestamptz,
      refunded boolean NOT NULL DEFAULT false
    )`,
    // One task per (user, clientRequestId): a double submit finds the first instead of charging twice.
    `CREATE UNIQUE INDEX video_tasks_client_request ON video_tasks (user_id, client_request_id) WHERE client_request_id IS NOT NULL`,
    // The claim order (members first, then oldest), over the queued tasks only.
    `CREATE INDEX video_tasks_queue ON video_tasks (priority DESC, created_at, id) WHERE status = 'queued'`,
    // Tasks whose worker may have died: processing, by lease end.
    `CREATE INDEX video_tasks_leases ON video_tasks (lease_expires_at) WHERE status = 'processing'`,
    // A user's list, newest first, without the deleted ones.
    `CREATE INDEX video_tasks_user ON video_tasks (user_id, id DESC) WHERE deleted_at IS NULL`,
    // Recent render times, for the estimated wait.
    `CREATE INDEX video_tasks_finished ON video_tasks (finished_at DESC) WHERE status = 'succeeded'`,
  ],
};
