import { and, asc, eq, gt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { files, videoTasks } from '../../db/schema.js';
import { LIVE_TASK_STATUSES } from '@app/contract';
import type { FileStore } from '../storage/store.js';
import { legacyTaskOutputKeys, taskOutputKeys } from './task-outputs.js';

// Before migration 0004 a task's video and cover were stored at `tasks/<id>/video.mp4` and
// `tasks/<id>/cover.jpg`, which anyone could fetch for every id. Every server start moves the
// files of the tasks saved before it (`legacy_outputs`) to the task's random keys, and removes
// whatever is left at the old ones (a deleted task's, a failed render's), so the old addresses
// answer 404. Queued and processing tasks wait for a later start: the workers store their renders
// under the new keys, and what an earlier worker may have left at the old ones goes then.

const BATCH = 100;
const OUTPUTS = [
  { name: 'video', column: 'videoKey', contentType: 'video/mp4' },
  { name: 'cover', column: 'coverKey', contentType: 'image/jpeg' },
] as const;

export interface LegacyOutputsDeps {
  db: Db;
  store: Pick<FileStore, 'copy' | 'delete' | 'head'>;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

/**
 * Moves the legacy outputs of every task not being rendered; answers how many files this call
 * moved. Each task in its own transaction with its row locked; a row another process holds is
 * skipped (that process is moving it), so processes starting at once share the work and move
 * each file once. Safe to stop at any point: the copy's key is fixed by the row, so a task
 * interrupted halfway is finished by the next start.
 */
export async function moveLegacyOutputs(deps: LegacyOutputsDeps): Promise<number> {
  let moved = 0;
  let after = 0;
  for (;;) {
    const page = await deps.db
      .select({ id: videoTasks.id })
      .from(videoTasks)
      .where(and(eq(videoTasks.legacyOutputs, true), notInArray(videoTasks.status, [...LIVE_TASK_STATUSES]), gt(videoTasks.id, after)))
      .orderBy(asc(videoTasks.id))
      .limit(BATCH);
    for (const { id } of page) {
      // One task that cannot be moved now (the store unreachable, …) keeps its flag for the next start.
      moved += await moveTask(deps, id).catch((err: unknown) => {
        deps.log.error({ err, taskId: id }, 'could not move the rendered files of a task from their old keys');
        return 0;
      });
    }
    if (page.length < BATCH) return moved;
    after = page.at(-1)!.id;
  }
}

async function moveTask(deps: LegacyOutputsDeps, id: number): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [task] = await tx
      .select({ id: videoTasks.id, outputToken: videoTasks.outputToken, videoKey: videoTasks.videoKey, coverKey: videoTasks.coverKey, deletedAt: videoTasks.deletedAt })
      .from(videoTasks)
      .where(and(eq(videoTasks.id, id), eq(videoTasks.legacyOutputs, true), notInArray(videoTasks.status, [...LIVE_TASK_STATUSES])))
      .for('update', { skipLocked: true });
    if (!task) return 0;
    const legacy = legacyTaskOutputKeys(task.id);
    const fresh = taskOutputKeys(task.outputToken);
    const keys: { videoKey?: string; coverKey?: string } = {};
    let moved = 0;
    for (const output of OUTPUTS) {
      const from = legacy[output.name];
      const to = fresh[output.name];
      // Only a file the task shows is kept; a deleted task's is only removed.
      if (task.deletedAt !== null || task[output.column] !== from) {
        await tx.delete(files).where(eq(files.key, from));
        continue;
      }
      const [row] = await tx.select({ contentType: files.contentType }).from(files).where(eq(files.key, from));
      const copied = await deps.store.copy(from, to, { contentType: row?.contentType ?? output.contentType });
      // Not there: an earlier start copied it and stopped before its commit (or the file was lost).
      if (!copied && !(await deps.store.head(to))) deps.log.warn({ taskId: task.id, key: from }, 'a rendered file to move was missing');
      await tx.update(files).set({ key: to }).where(eq(files.key, from));
      keys[output.column] = to;
      moved += 1;
    }
    await tx.update(videoTasks).set({ ...keys, legacyOutputs: false }).where(eq(videoTasks.id, task.id));
    // Before the commit, so the old address never outlives the row that pointed at it; should the
    // commit fail, the next start finds the copies in place (and nothing left to copy).
    await Promise.all([deps.store.delete(legacy.video), deps.store.delete(legacy.cover)]);
    return moved;
  });
}
