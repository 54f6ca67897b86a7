// The clips of a task in the database (task_clips, migrations/0006). Every change of a clip's
// state is one guarded UPDATE, so two processes that both think they hold a task (a lease that
// ran out under a slow worker) never both submit a clip: only the one whose UPDATE moved it on
// goes ahead.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { taskClips, videoTasks } from '../../db/schema.js';
import type { PlannedClip } from './clip-plan.js';

export type ClipRow = typeof taskClips.$inferSelect;

/** The task's clips, planning them first if it has none (a task resumed by another worker keeps its plan). */
export async function planTaskClips(db: Db, task: { id: number; model: string; outputToken: string }, plan: PlannedClip[]): Promise<ClipRow[]> {
  if (plan.length === 0) return loadTaskClips(db, task.id);
  await db.transaction(async (tx) => {
    await tx
      .insert(taskClips)
      .values(plan.map((clip) => ({
        taskId: task.id,
        position: clip.position,
        model: task.model as ClipRow['model'],
        prompt: clip.prompt,
        imageUrl: clip.imageUrl,
        seconds: clip.seconds,
        clientId: `t${task.id}-${task.outputToken.slice(0, 16)}-${clip.position}`,
      })))
      .onConflictDoNothing({ target: [taskClips.taskId, taskClips.position] });
    await tx
      .update(videoTasks)
      .set({ clipsTotal: sql`(SELECT count(*) FROM task_clips c WHERE c.task_id = ${task.id})` })
      .where(eq(videoTasks.id, task.id));
  });
  return loadTaskClips(db, task.id);
}

export function loadTaskClips(db: Db, taskId: number): Promise<ClipRow[]> {
  return db.select().from(taskClips).where(eq(taskClips.taskId, taskId)).orderBy(asc(taskClips.position));
}

/** Moves a clip from one state to the next with `changes`; false when it was not in `from` any more (someone else moved it). */
export async function moveClip(db: Db, clipId: number, from: ClipRow['status'], changes: Partial<ClipRow> & { status?: ClipRow['status'] }): Promise<boolean> {
  const moved = await db
    .update(taskClips)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(taskClips.id, clipId), eq(taskClips.status, from)))
    .returning({ id: taskClips.id });
  return moved.length > 0;
}

/** Whether the clip has been `submitting` with no sign of life for `ms` (by the database's clock, the same for every process). */
export async function submittingSince(db: Db, clipId: number, ms: number): Promise<boolean> {
  const [row] = await db
    .select({ stale: sql<boolean>`${taskClips.updatedAt} < now() - ${ms} * interval '1 millisecond'` })
    .from(taskClips)
    .where(and(eq(taskClips.id, clipId), eq(taskClips.status, 'submitting')));
  return row?.stale === true;
}

/** Counts the stored clips into the task's `clips_done` (the stage the apps show). */
export async function countStoredClips(db: Db, taskId: number): Promise<void> {
  await db
    .update(videoTasks)
    .set({ clipsDone: sql`(SELECT count(*) FROM task_clips c WHERE c.task_id = ${taskId} AND c.status = 'stored')` })
    .where(eq(videoTasks.id, taskId));
}

/**
 * Takes the task's clips still at a vendor out of play (cancelled), answering them: the caller
 * tells each vendor to stop. Whoever's UPDATE takes a clip is the one that cancels it, once.
 */
export async function takeLiveClips(db: Db, taskId: number): Promise<ClipRow[]> {
  return db
    .update(taskClips)
    .set({ status: 'cancelled', updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(eq(taskClips.taskId, taskId), inArray(taskClips.status, ['planned', 'submitting', 'submitted'])))
    .returning();
}

/** The storage keys of a task's stored clips (removed with the task, or once the video is made). */
export async function storedClipKeys(db: Db, taskId: number): Promise<string[]> {
  const rows = await db.select({ key: taskClips.clipKey }).from(taskClips).where(eq(taskClips.taskId, taskId));
  return rows.map((row) => row.key).filter((key): key is string => key !== null);
}

/** Where a task's clip is kept between its download from the vendor and the composing (under the task's random token). */
export function clipKey(outputToken: string, position: number): string {
  return `tasks/${outputToken}/clips/${position}.mp4`;
}
