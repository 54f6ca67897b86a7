import type { Migration } from './index.js';

/**
 * Background music (modules/music): the operators' tracks, and what music each video asked for.
 * `music` on a task is the save call's choice as given ('' = the template's own, 'none',
 * 'gen:<mood>', 'track:<id>', or the URL of the user's own upload); the volumes are percents.
 */
export const music: Migration = {
  version: '0008-music',
  statements: [
    `CREATE TABLE music_tracks (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      title text NOT NULL,
      mood text NOT NULL CONSTRAINT music_tracks_mood CHECK (mood IN ('travel', 'food', 'festival', 'tech', 'family', 'business')),
      storage_key text NOT NULL UNIQUE,
      duration_seconds double precision NOT NULL CHECK (duration_seconds > 0),
      content_type text NOT NULL,
      size integer NOT NULL CHECK (size > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    // The files table learns two kinds: a user's own audio upload, and an operator's track.
    `ALTER TABLE files DROP CONSTRAINT files_kind_check`,
    `ALTER TABLE files ADD CONSTRAINT files_kind_check CHECK (kind IN ('image', 'avatar', 'video', 'cover', 'template', 'audio', 'music'))`,
    `ALTER TABLE video_tasks ADD COLUMN music text NOT NULL DEFAULT ''`,
    `ALTER TABLE video_tasks ADD COLUMN music_volume integer NOT NULL DEFAULT 60 CHECK (music_volume BETWEEN 0 AND 100)`,
    `ALTER TABLE video_tasks ADD COLUMN voice_volume integer NOT NULL DEFAULT 100 CHECK (voice_volume BETWEEN 0 AND 100)`,
  ],
};
