import type { VideoTask } from '@app/contract';
import { showModal, type SheetAction } from '@app/shared';
import { isPending } from './video-task';

/** What can be done to a video, each a menu entry. */
export type TaskActionKey = 'cancel' | 'download' | 'copy' | 'renew' | 'unshare' | 'delete';

const TEXT: Record<TaskActionKey, string> = {
  cancel: '取消生成',
  download: '下载',
  copy: '复制链接',
  renew: '换新链接',
  unshare: '取消分享',
  delete: '删除',
};

export interface TaskActionsOptions {
  /** The video has a live share link: it can be renewed or revoked. */
  shared?: boolean;
  /** Entries the page shows as buttons of their own, left out of its menu. */
  without?: readonly TaskActionKey[];
}

/**
 * The one place that decides, by status, what a video's menu offers — 我的创作's (long press or
 * "…") and 视频详情's "…": 取消生成 while it is made, 下载 and 复制链接 once done, 换新链接 and
 * 取消分享 while it is shared, 删除 always (last, in red).
 */
export function taskActions(task: Pick<VideoTask, 'status'>, { shared = false, without = [] }: TaskActionsOptions = {}): SheetAction[] {
  const done = task.status === 'succeeded';
  const keys: TaskActionKey[] = [
    ...(isPending(task.status) ? (['cancel'] as const) : []),
    ...(done ? (['download', 'copy'] as const) : []),
    ...(done && shared ? (['renew', 'unshare'] as const) : []),
    'delete',
  ];
  return keys.filter((key) => !without.includes(key)).map((key) => (key === 'delete' ? { key, text: TEXT[key], danger: true } : { key, text: TEXT[key] }));
}

/** Asks before 取消生成; true when the user confirms. */
export async function confirmCancel(): Promise<boolean> {
  const { confirm } = await showModal({ title: '取消生成', content: '取消后积分将退还，确定取消吗？', confirmText: '取消生成', cancelText: '再等等' });
  return confirm;
}

/** Asks before 删除 (a video still being made is cancelled first, its points returned); true when confirmed. */
export async function confirmDelete(task: Pick<VideoTask, 'status'>): Promise<boolean> {
  const content = isPending(task.status) ? '视频还在生成，删除会先取消并退还积分。确定删除吗？' : '删除后无法恢复，确定删除吗？';
  const { confirm } = await showModal({ title: '删除视频', content, confirmText: '删除' });
  return confirm;
}
