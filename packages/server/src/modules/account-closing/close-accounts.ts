import { and, eq, inArray, isNotNull, isNull, like, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { accountExports, files, pointsLedger, rateLimitHits, sessions, shareLinks, smsCodes, taskClips, users, videoTasks } from '../../db/schema.js';
import { changePoints } from '../points/ledger.js';
import type { TaskSignals } from '../queue/signals.js';
import type { FileStore } from '../storage/store.js';
import { thumbnailKeys } from '../storage/thumbnails.js';
import { endWithRefund } from '../tasks/end-with-refund.js';
import { legacyTaskOutputKeys, taskOutputKeys } from '../tasks/task-outputs.js';

// The sweep of 注销账号 (docs/product.md "注销账号"): an account whose cooling-off is over loses its
// personal data for good. What stays, and why (docs/architecture.md "注销账号 and 导出我的数据"):
// - the user row, anonymised: phone `closed:<id>` (the phone is free to register anew), no
//   password, nickname 已注销用户, no name, avatar, membership or balance; closed_at set;
// - the ledger rows (accounting), their titles cut to the kind of change (a video's title is the
//   user's words), and a `close` row forfeiting the balance left after the refunds;
// - activation codes redeemed (accounting): they point at the anonymised id only;
// - the video tasks, as rows with no title, script, pictures, music or voice (the ledger's task
//   ids still lead somewhere, and a worker still holding one finds it cancelled and deleted).
// Gone: sessions, SMS codes and the phone's rate-limit rows, share links, exports, every file the
// user uploaded or had rendered (with thumbnails and a hosted model's clips).

export const CLOSED_NICKNAME = '已注销用户';
const FORFEIT_TITLE = '注销账号，积分清零';
/** What an operator's own note on a grant may have said about the user is not kept. */
const ADMIN_TITLE = '运营调整';

export interface CloseDeps {
  db: Db;
  store: Pick<FileStore, 'delete'>;
  signals: Pick<TaskSignals, 'cancelled'>;
  log?: { warn(details: object, message: string): void };
}

/**
 * Closes every account whose cooling-off ended by `now`, one transaction each, and answers how
 * many this call closed. Each account is taken with FOR UPDATE SKIP LOCKED and only while
 * `closed_at` is null: sweepers in several processes at once each close different accounts, and
 * none closes one twice.
 */
export async function closeDueAccounts(deps: CloseDeps, now = new Date()): Promise<number> {
  let closed = 0;
  for (;;) {
    const result = await deps.db.transaction((tx) => closeOne(tx, now));
    if (!result) return closed;
    closed += 1;
    for (const taskId of result.cancelled) await deps.signals.cancelled(taskId);
    // After the commit nothing refers to these files; one that fails to go is logged by its key
    // only (no personal data) for an operator to remove.
    const keys = [...new Set(result.keys)];
    const removed = await Promise.allSettled(keys.map((key) => deps.store.delete(key)));
    removed.forEach((outcome, i) => {
      if (outcome.status === 'rejected') deps.log?.warn({ err: outcome.reason, key: keys[i] }, 'could not remove a closed account file');
    });
  }
}

async function closeOne(tx: Tx, now: Date): Promise<{ cancelled: number[]; keys: string[] } | null> {
  const [user] = await tx
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(isNotNull(users.closingAt), lte(users.closingAt, now), isNull(users.closedAt)))
    .orderBy(users.closingAt)
    .limit(1)
    .for('update', { skipLocked: true });
  if (!user) return null;
  const mine = eq(videoTasks.userId, user.id);

  // Live tasks first: cancelled with their refunds, so the balance forfeited below is all of it.
  const ended = await endWithRefund(tx, mine, { status: 'cancelled' });
  const [{ points } = { points: 0 }] = await tx.select({ points: users.points }).from(users).where(eq(users.id, user.id));
  if (points > 0) await changePoints(tx, { userId: user.id, change: -points, type: 'close', title: FORFEIT_TITLE });

  const tasks = await tx
    .select({ id: videoTasks.id, outputToken: videoTasks.outputToken, videoKey: videoTasks.videoKey, coverKey: videoTasks.coverKey })
    .from(videoTasks)
    .where(mine);
  const taskIds = tasks.map((task) => task.id);
  const keys: string[] = [];
  for (const task of tasks) {
    const outputs = taskOutputKeys(task.outputToken);
    const legacy = legacyTaskOutputKeys(task.id);
    keys.push(outputs.video, outputs.cover, legacy.video, legacy.cover, ...[task.videoKey, task.coverKey].filter((key): key is string => key !== null));
  }
  if (taskIds.length > 0) {
    const clips = await tx.select({ key: taskClips.clipKey }).from(taskClips).where(inArray(taskClips.taskId, taskIds));
    keys.push(...clips.map((clip) => clip.key).filter((key): key is string => key !== null));
    await tx.update(taskClips).set({ prompt: '', imageUrl: null }).where(inArray(taskClips.taskId, taskIds));
    await tx.delete(shareLinks).where(inArray(shareLinks.taskId, taskIds));
  }
  await tx
    .update(videoTasks)
    .set({ title: '', prompt: '', images: [], music: '', voice: '', voiceName: '', clientRequestId: null, deletedAt: sql`COALESCE(${videoTasks.deletedAt}, now())` })
    .where(mine);

  const uploads = await tx.delete(files).where(eq(files.userId, user.id)).returning({ key: files.key });
  keys.push(...uploads.map((file) => file.key));
  const exports = await tx.delete(accountExports).where(eq(accountExports.userId, user.id)).returning({ key: accountExports.fileKey });
  keys.push(...exports.map((row) => row.key).filter((key): key is string => key !== null));
  // Covers, pictures and avatars may have thumbnails (storage/thumbnails): no rows, only files.
  keys.push(...keys.flatMap(thumbnailKeys));

  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  await tx.delete(smsCodes).where(eq(smsCodes.phone, user.phone));
  await tx.delete(rateLimitHits).where(or(eq(rateLimitHits.key, `login:${user.phone}`), like(rateLimitHits.key, `sms:${user.phone}:%`)));
  await tx
    .update(pointsLedger)
    .set({ title: sql`CASE WHEN ${pointsLedger.type} = 'admin' THEN ${ADMIN_TITLE} ELSE regexp_replace(${pointsLedger.title}, '「.*」$', '') END` })
    .where(eq(pointsLedger.userId, user.id));
  await tx
    .update(users)
    .set({ phone: `closed:${user.id}`, passwordHash: '', nickname: CLOSED_NICKNAME, name: '', avatar: '', memberUntil: null, closedAt: now })
    .where(eq(users.id, user.id));
  return { cancelled: ended.map((task) => task.id), keys };
}
