import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, refreshAccountInfo } from '@app/shared';
import { TASKS_KEY } from './task-list';
import { taskKey } from './task-detail';

export function deleteVideoTask(id: string): Promise<void> {
  return api('/api/v1/video_task/delete', { id }).then(() => undefined);
}

/** 删除: a running task is cancelled first (refund), so the balance is asked again too. */
export function useDeleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteVideoTask,
    onSuccess: (_nothing, id) => {
      client.removeQueries({ queryKey: taskKey(id) });
      void client.invalidateQueries({ queryKey: TASKS_KEY });
      void refreshAccountInfo().catch(() => undefined);
    },
  });
}
