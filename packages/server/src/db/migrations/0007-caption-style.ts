import type { Migration } from './index.js';

/**
 * The caption look a user chose for a video (CAPTION_STYLES in @app/contract): 'template' follows
 * the template's own look, as every video saved before this did.
 */
export const captionStyle: Migration = {
  version: '0007-caption-style',
  statements: [
    `ALTER TABLE video_tasks ADD COLUMN caption_style text NOT NULL DEFAULT 'template'
      CONSTRAINT video_tasks_caption_style CHECK (caption_style IN ('template', 'classic', 'bold', 'subtitle'))`,
  ],
};
