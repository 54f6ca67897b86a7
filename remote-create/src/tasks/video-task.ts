import { LIVE_TASK_STATUSES, type TaskStatus, type VideoTask } from '@app/contract';

/** Still waiting for the renderer: it will change without the user doing anything. */
export function isPending(status: TaskStatus): boolean {
  return LIVE_TASK_STATUSES.includes(status);
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
