import type { Migration } from './index.js';

/**
 * Videos made by hosted models (modules/clips): the model a task asked for, and its clips, one row
 * per segment. A clip's vendor task id is written the moment the vendor answers, so a worker
 * that dies, or a restart, polls that vendor task again instead of paying for a second one.
 */
export const taskClips: Migration = {
  version: '0006-task-clips',
  statements: [
    `ALTER TABLE video_tasks ADD COLUMN model text NOT NULL DEFAULT 'builtin'`,
    `ALTER TABLE video_tasks ADD COLUMN clips_total integer NOT NULL DEFAULT 0`,
    `ALTER TABLE video_tasks ADD COLUMN clips_done integer NOT NULL DEFAULT 0`,
    `CREATE TABLE task_clips (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      task_id bigint NOT NULL REFERENCES video_tasks(id) ON DELETE CASCADE,
      position integer NOT NULL,
      model text NOT NULL,
      prompt text NOT NULL,
      image_url text,
      seconds integer NOT NULL CHECK (seconds > 0),
      client_id text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'planned'
        CONSTRAINT task_clips_status CHECK (status IN ('planned', 'submitting', 'submitted', 'stored', 'failed', 'cancelled')),
      vendor_task_id text,
      vendor_status text NOT NULL DEFAULT '',
      clip_key text,
      submits integer NOT NULL DEFAULT 0,
      error text NOT NULL DEFAULT '',
      submitted_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (task_id, position)
    )`,
    // The clips still at a vendor, for a cancel to reach.
    `CREATE INDEX task_clips_live ON task_clips (task_id) WHERE status IN ('submitting', 'submitted')`,
  ],
};
