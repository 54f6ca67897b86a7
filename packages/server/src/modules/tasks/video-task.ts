import type { AspectRatio, TaskStatus } from '../../db/schema.js';
import { videoTasks } from '../../db/schema.js';

export type TaskRow = typeof videoTasks.$inferSelect;

/** VideoTask (docs/api.md, /api/v1/video_task/detail): what every video_task call answers. */
export interface VideoTask {
  id: string;
  title: string;
  prompt: string;
  images: string[];
  /** '' when the task has no template. */
  templateId: string;
  aspectRatio: AspectRatio;
  duration: number;
  status: TaskStatus;
  progress: number;
  /** 1-based while queued, else 0. */
  queuePosition: number;
  cost: number;
  /** '' until succeeded. */
  videoUrl: string;
  coverUrl: string;
  errorMsg: string;
  createdAt: number;
  /** 0 until a worker took it. */
  startedAt: number;
  finishedAt: number;
}

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
