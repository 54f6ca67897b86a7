import type { PageOf, VideoTask } from '@app/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, useUserInfo } from '@app/shared';
import { useBackoffPolling } from '../lib/backoff-polling';
import { isPending } from './video-task';

export const TASK_PAGE_SIZE = 10;

export function queryUserTasks(page: number, pageSize = TASK_PAGE_SIZE): Promise<PageOf<VideoTask>> {
  return api('/api/v1/video_task/query_user_task', { page, pageSize }, { hideErrorToast: true });
}

/** Every list of tasks of every user: what a change to a task makes stale. */
export const TASKS_KEY = ['video-tasks'] as const;

/**
 * The signed-in user's tasks, newest first, page by page. While one of them is queued or
 * processing, and the page is shown, the loaded pages are asked again with a backing-off delay.
 */
export function useTaskList(active: boolean) {
  const user = useUserInfo();
  const refetchInterval = useBackoffPolling<{ pages: PageOf<VideoTask>[] }>(
    (data) => data.pages.some((p) => p.list.some((task) => isPending(task.status))),
    active,
  );
  return useInfiniteQuery({
    // The user's id in the key: another account signing in never sees this one's list.
    queryKey: [...TASKS_KEY, user?.id ?? ''],
    queryFn: ({ pageParam }) => queryUserTasks(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: !!user?.token,
    refetchInterval,
  });
}
