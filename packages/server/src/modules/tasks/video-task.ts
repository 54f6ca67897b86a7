import type { VideoTask } from '@app/contract';
import { videoTasks } from '../../db/schema.js';

export type TaskRow = typeof videoTasks.$inferSelect;

export function toVideoTask(row: TaskRow, queuePosition: number, fileUrl: (key: string) => string): VideoTask {
  const done = row.status === 'succeeded';
  return {
    id: String(row.id),
    title: row.title,
    prompt: row.prompt,
    images: row.images,
    templateId: row.templateId === null ? '' : String(row.templateId),
    aspectRatio: row.aspectRatio,
    duration: row.duration,
    status: row.status,
    progress: row.progress,
    queuePosition: row.status === 'queued' ? queuePosition : 0,
    cost: row.cost,
    videoUrl: done && row.videoKey ? fileUrl(row.videoKey) : '',
    coverUrl: done && row.coverKey ? fileUrl(row.coverKey) : '',
    errorMsg: row.errorMsg,
    createdAt: row.createdAt.getTime(),
    startedAt: row.startedAt?.getTime() ?? 0,
    finishedAt: row.finishedAt?.getTime() ?? 0,
  };
}
