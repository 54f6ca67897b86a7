import type { VideoTask } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@app/shared';
import { useBackoffPolling } from '../lib/backoff-polling';
import { isPending } from './video-task';

export function getVideoTask(id: string): Promise<VideoTask> {
  return api('/api/v1/video_task/detail', { id }, { hideErrorToast: true });
}

export const taskKey = (id: string) => ['video-task', id] as const;

/** One task; asked again (backing off) while it is queued or processing and the page is shown. */
export function useVideoTask(id: string, enabled: boolean, active: boolean) {
  const refetchInterval = useBackoffPolling<VideoTask>((task) => isPending(task.status), active);
  return useQuery({ queryKey: taskKey(id), queryFn: () => getVideoTask(id), enabled: enabled && id !== '', refetchInterval });
}
