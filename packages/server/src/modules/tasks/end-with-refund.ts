import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { videoTasks } from '../../db/schema.js';
import { LIVE_TASK_STATUSES } from '@app/contract';
import { changePoints } from '../points/ledger.js';
import type { TaskRow } from './video-task.js';

export type Ending = { status: 'failed'; errorMsg: string } | { status: 'cancelled' };

const REFUND_TITLE = { failed: '生成失败退还', cancelled: '取消生成退还' } as const;

/**
 * Ends the live tasks matching `where` as failed or cancelled and gives each its cost back, in the
 * caller's transaction. The refund happens exactly once because the same UPDATE that ends a task
 * sets `refunded`, and only rows still live and unrefunded are touched: a second cancel, or a
 * cancel racing a worker's failure, ends nothing and refunds nothing. Answers the tasks it ended.
 */
export async function endWithRefund(tx: Tx, where: SQL | undefined, ending: Ending): Promise<TaskRow[]> {
  const ended = await tx
    .update(videoTasks)
    .set({
      status: ending.status,
      errorMsg: ending.status === 'failed' ? ending.errorMsg : '',
      finishedAt: sql`now()`,
      refunded: true,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .where(and(where, inArray(videoTasks.status, [...LIVE_TASK_STATUSES]), eq(videoTasks.refunded, false)))
    .returning();
  for (const task of ended) {
    // A free task (POINTS_PER_SECOND=0) has nothing to give back: no ledger row of 0.
    if (task.cost === 0) continue;
    await changePoints(tx, {
      userId: task.userId,
      change: task.cost,
      type: 'refund',
      title: `${REFUND_TITLE[ending.status]}「${task.title}」`,
      taskId: String(task.id),
    });
  }
  return ended;
}
