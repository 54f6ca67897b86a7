import type { Db } from '../../db/database.js';
import { heldBy } from '../queue/lease.js';
import { endWithRefund } from './end-with-refund.js';

/** What a failed render tells the user when the renderer gave no message of its own. */
export const RENDER_FAILED = '视频生成失败，积分已退还';

/** Fails the task this worker holds, with its refund; false when it no longer holds it (cancelled, taken over). */
export async function failTask(db: Db, task: { id: number; owner: string }, errorMsg: string): Promise<boolean> {
  const ended = await db.transaction((tx) => endWithRefund(tx, heldBy(task.id, task.owner), { status: 'failed', errorMsg }));
  return ended.length > 0;
}
