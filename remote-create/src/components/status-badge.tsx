import type { VideoTask } from '@app/contract';
import { statusText } from '../tasks/video-task';

/** The status of a task in one coloured word or two: 排队中 第 N 位 / 生成中 N% / 已完成 / 失败 / 已取消. */
export function StatusBadge({ task }: { task: Pick<VideoTask, 'status' | 'progress' | 'queuePosition' | 'stage'> }) {
  return <span className={`cr-badge cr-badge--${task.status}`}>{statusText(task)}</span>;
}
