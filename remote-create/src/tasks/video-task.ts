import { LIVE_TASK_STATUSES, type TaskStatus, type VideoTask } from '@app/contract';

/** Still waiting for the renderer: it will change without the user doing anything. */
export function isPending(status: TaskStatus): boolean {
  return LIVE_TASK_STATUSES.includes(status);
}

/**
 * Where a task being made stands, as the server's stage says it: 正在生成 N% for the built-in
 * renderer, AI 生成片段 2/4 while a hosted model makes its clips, 合成中 N% while they are put
 * together. `percent` is null while the clips are made (their count says more than a percent).
 */
export function progressParts(task: Pick<VideoTask, 'progress' | 'stage'>, verb = '正在生成'): { text: string; percent: number | null } {
  if (task.stage.step === 'clips') return { text: task.stage.label, percent: null };
  return { text: task.stage.step === 'composing' ? '合成中' : verb, percent: task.progress };
}

export function progressText(task: Pick<VideoTask, 'progress' | 'stage'>, verb?: string): string {
  const { text, percent } = progressParts(task, verb);
  return percent === null ? text : `${text} ${percent}%`;
}

/** The badge of a task: 排队中 第 N 位 / 生成中 N% (AI 生成片段 2/4, 合成中 N%) / 已完成 / 失败 / 已取消. */
export function statusText(task: Pick<VideoTask, 'status' | 'progress' | 'queuePosition' | 'stage'>): string {
  switch (task.status) {
    case 'queued':
      return task.queuePosition > 0 ? `排队中 第 ${task.queuePosition} 位` : '排队中';
    case 'processing':
      return progressText(task, '生成中');
    case 'succeeded':
      return '已完成';
    case 'failed':
      return '失败';
    case 'cancelled':
      return '已取消';
  }
}
