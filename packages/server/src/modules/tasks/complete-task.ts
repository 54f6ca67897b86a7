import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { files, videoTasks } from '../../db/schema.js';
import { heldBy } from '../queue/lease.js';

export interface StoredOutput {
  key: string;
  contentType: string;
  size: number;
}

/**
 * Marks the task succeeded with its stored files, and records them as the user's (kinds video and
 * cover: the server's, not uploads) — only while this worker still holds it: a task cancelled or
 * taken over meanwhile stays as it is, and false says so.
 */
export async function completeTask(
  db: Db,
  task: { id: number; userId: number; owner: string },
  outputs: { video: StoredOutput; cover: StoredOutput },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(videoTasks)
      .set({
        status: 'succeeded',
        progress: 100,
        videoKey: outputs.video.key,
        coverKey: outputs.cover.key,
        errorMsg: '',
        finishedAt: sql`now()`,
        leaseOwner: null,
        leaseExpiresAt: null,
      })
      .where(heldBy(task.id, task.owner))
      .returning({ id: videoTasks.id });
    if (!done) return false;
    for (const [kind, output] of [['video', outputs.video], ['cover', outputs.cover]] as const) {
      const row = { key: output.key, userId: task.userId, kind, contentType: output.contentType, size: output.size, uploadedAt: new Date() };
      await tx
        .insert(files)
        .values(row)
        .onConflictDoUpdate({ target: files.key, set: { contentType: row.contentType, size: row.size, uploadedAt: row.uploadedAt } });
    }
    return true;
  });
}
