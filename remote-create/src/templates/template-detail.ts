import { useQuery } from '@tanstack/react-query';
import { callApi } from '@app/shared';
import type { SysVideo } from './sys-video';

export function getTemplate(id: string): Promise<SysVideo> {
  return callApi<SysVideo>('/api/v1/sysVideo/detail', { id }, { hideErrorToast: true });
}

export function useTemplate(id: string) {
  return useQuery({ queryKey: ['sys-video', id], queryFn: () => getTemplate(id), enabled: id !== '' });
}
