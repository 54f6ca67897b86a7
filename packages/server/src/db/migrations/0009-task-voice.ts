import type { Migration } from './index.js';

/**
 * Narration (modules/voices): the voice a task is read in (`<provider>:<voice>`, '' for none), its
 * name as it was offered (shown with the video even if the voice is withdrawn later), its speed,
 * and whether the video's length follows the reading (跟随配音时长).
 */
export const taskVoice: Migration = {
  version: '0009-task-voice',
  statements: [
    `ALTER TABLE video_tasks ADD COLUMN voice text NOT NULL DEFAULT ''`,
    `ALTER TABLE video_tasks ADD COLUMN voice_name text NOT NULL DEFAULT ''`,
    `ALTER TABLE video_tasks ADD COLUMN voice_speed real NOT NULL DEFAULT 1 CONSTRAINT video_tasks_voice_speed CHECK (voice_speed > 0 AND voice_speed <= 4)`,
    `ALTER TABLE video_tasks ADD COLUMN follow_voice boolean NOT NULL DEFAULT false`,
  ],
};
