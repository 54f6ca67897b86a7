/** VideoTask (docs/api.md, /api/v1/video_task/detail): one video the user asked for. */
export type TaskStatus = 'queued' | 'processing' | 'succeeded' | 'failed' | 'cancelled';
export type AspectRatio = '9:16' | '16:9' | '1:1';

export interface VideoTask {
  id: string;
  title: string;
  prompt: string;
  images: string[];
  templateId: string;
  aspectRatio: AspectRatio;
  duration: number;
  status: TaskStatus;
  progress: number;
  queuePosition: number;
  cost: number;
  videoUrl: string;
  coverUrl: string;
  errorMsg: string;
  createdAt: number;
  startedAt: number;
  finishedAt: number;
}

/** Still waiting for the renderer: it will change without the user doing anything. */
export function isPending(status: TaskStatus): boolean {
  return status === 'queued' || status === 'processing';
}

/** The badge of a task: 排队中 第 N 位 / 生成中 N% / 已完成 / 失败 / 已取消. */
export function statusText(task: Pick<VideoTask, 'status' | 'progress' | 'queuePosition'>): string {
  switch (task.status) {
    case 'queued':
      return task.queuePosition > 0 ? `排队中 第 ${task.queuePosition} 位` : '排队中';
    case 'processing':
      return `生成中 ${task.progress}%`;
    case 'succeeded':
      return '已完成';
    case 'failed':
      return '失败';
    case 'cancelled':
      return '已取消';
  }
}
