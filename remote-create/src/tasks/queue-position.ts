import { useQuery } from '@tanstack/react-query';
import { callApi } from '@app/shared';
import { useBackoffPolling } from '../lib/backoff-polling';
import type { TaskStatus } from './video-task';

export interface QueuePosition {
  status: TaskStatus;
  /** 1-based while queued, else 0. */
  position: number;
  /** Tasks queued now. */
  total: number;
  estimatedWaitSeconds: number;
}

export function getQueuePosition(id: string): Promise<QueuePosition> {
  return callApi<QueuePosition>('/api/v1/video_task/get_queue_position', { id }, { hideErrorToast: true });
}

/** The task's place in the queue, live while it is queued and the page is shown. */
export function useQueuePosition(id: string, enabled: boolean, active: boolean) {
  const refetchInterval = useBackoffPolling<QueuePosition>((q) => q.status === 'queued', active, { firstMs: 1000, maxMs: 5000 });
  return useQuery({ queryKey: ['queue-position', id], queryFn: () => getQueuePosition(id), enabled: enabled && id !== '', refetchInterval });
}
