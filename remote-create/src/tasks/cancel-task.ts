import type { VideoTask } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, refreshAccountInfo } from '@app/shared';
import { TASKS_KEY } from './task-list';
import { taskKey } from './task-detail';

export function cancelVideoTask(id: string): Promise<VideoTask> {
  return api('/api/v1/video_task/cancel', { id });
}

/** 取消生成: the points come back, so the balance is asked again with the lists. */
export function useCancelTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelVideoTask,
    onSuccess: (task) => {
      client.setQueryData(taskKey(task.id), task);
      void client.invalidateQueries({ queryKey: TASKS_KEY });
      void refreshAccountInfo().catch(() => undefined);
    },
  });
}
