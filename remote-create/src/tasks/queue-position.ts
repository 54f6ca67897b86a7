import type { QueuePosition } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@app/shared';
import { useBackoffPolling } from '../lib/backoff-polling';

export function getQueuePosition(id: string): Promise<QueuePosition> {
  return api('/api/v1/video_task/get_queue_position', { id }, { hideErrorToast: true });
}

/** The task's place in the queue, live while it is queued and the page is shown. */
export function useQueuePosition(id: string, enabled: boolean, active: boolean) {
  const refetchInterval = useBackoffPolling<QueuePosition>((q) => q.status === 'queued', active, { firstMs: 1000, maxMs: 5000 });
  return useQuery({ queryKey: ['queue-position', id], queryFn: () => getQueuePosition(id), enabled: enabled && id !== '', refetchInterval });
}
