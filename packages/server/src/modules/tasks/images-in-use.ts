import { and, eq, inArray, sql } from 'drizzle-orm';
import { videoTasks } from '../../db/schema.js';
import type { FileInUseCheck } from '../files/file-in-use.js';

/** delete_file_url refuses (rspCode 5) an image a queued or processing task still needs to render. */
export const isImageOfLiveTask: FileInUseCheck = async (db, file) => {
  const [row] = await db
    .select({ id: videoTasks.id })
    .from(videoTasks)
    .where(
      and(
        eq(videoTasks.userId, file.userId),
        inArray(videoTasks.status, ['queued', 'processing']),
        sql`${videoTasks.images} @> ${JSON.stringify([file.url])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
};
