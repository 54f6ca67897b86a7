import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SHARE_NOT_READY, type ShareLink } from '@app/contract';
import type { Db, Queryable } from '../../db/database.js';
import { shareLinks, videoTasks } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { ownTask, parseTaskId, TASK_NOT_FOUND } from '../tasks/own-task.js';

/** 18 random bytes: 144 bits, 24 characters of base64url. */
const TOKEN_BYTES = 18;
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{24}$/;

export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** `/s/<token>` on the origin the caller reached (the share page is served by this server). */
export function sharePageUrl(origin: string, token: string): string {
  return `${origin}/s/${token}`;
}

const NOT_SHARED: ShareLink = { url: '', createdAt: 0 };

/** The caller's own live task, locked for the change, or rspCode 4. */
async function lockOwnTask(tx: Queryable, userId: number, id: string) {
  const taskId = parseTaskId(id);
  const [task] =
    taskId === null ? [] : await tx.select({ id: videoTasks.id, status: videoTasks.status }).from(videoTasks).where(ownTask(userId, taskId)).for('update');
  if (!task) throw new BusinessError(RspCode.notFound, TASK_NOT_FOUND);
  return task;
}

/** The video's link, made now if it has none (`renew`: a new token, the old one ends). Finished videos only. */
export async function createShareLink(db: Db, userId: number, id: string, renew: boolean, origin: string): Promise<ShareLink> {
  return db.transaction(async (tx) => {
    // The task's row lock makes two taps at once give one link.
    const task = await lockOwnTask(tx, userId, id);
    if (task.status !== 'succeeded') throw new BusinessError(RspCode.notAllowed, SHARE_NOT_READY);
    if (renew) await tx.delete(shareLinks).where(eq(shareLinks.taskId, task.id));
    const [existing] = await tx.select().from(shareLinks).where(eq(shareLinks.taskId, task.id));
    const row = existing ?? (await tx.insert(shareLinks).values({ token: newShareToken(), taskId: task.id }).returning())[0]!;
    return { url: sharePageUrl(origin, row.token), createdAt: row.createdAt.getTime() };
  });
}

/** The video's link, or `url: ''` when it is not shared. */
export async function getShareLink(db: Queryable, userId: number, id: string, origin: string): Promise<ShareLink> {
  const taskId = parseTaskId(id);
  const [row] =
    taskId === null
      ? []
      : await db
          .select({ taskId: videoTasks.id, token: shareLinks.token, createdAt: shareLinks.createdAt })
          .from(videoTasks)
          .leftJoin(shareLinks, eq(shareLinks.taskId, videoTasks.id))
          .where(ownTask(userId, taskId));
  if (!row) throw new BusinessError(RspCode.notFound, TASK_NOT_FOUND);
  return row.token && row.createdAt ? { url: sharePageUrl(origin, row.token), createdAt: row.createdAt.getTime() } : NOT_SHARED;
}

/** 取消分享: the link ends at once (none is fine too). */
export async function revokeShareLink(db: Db, userId: number, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, id);
    await tx.delete(shareLinks).where(eq(shareLinks.taskId, task.id));
  });
}

/** What the public page shows, or null: unknown or revoked token, deleted or unfinished video. */
export async function sharedVideo(db: Queryable, token: string) {
  if (!SHARE_TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      title: videoTasks.title,
      prompt: videoTasks.prompt,
      aspectRatio: videoTasks.aspectRatio,
      duration: videoTasks.duration,
      videoKey: videoTasks.videoKey,
      coverKey: videoTasks.coverKey,
    })
    .from(shareLinks)
    .innerJoin(videoTasks, eq(videoTasks.id, shareLinks.taskId))
    .where(and(eq(shareLinks.token, token), isNull(videoTasks.deletedAt), eq(videoTasks.status, 'succeeded')));
  if (!row?.videoKey) return null;
  return { ...row, videoKey: row.videoKey };
}
