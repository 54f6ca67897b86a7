import type { SysVideo } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@app/shared';

export function getTemplate(id: string): Promise<SysVideo> {
  return api('/api/v1/sysVideo/detail', { id }, { hideErrorToast: true });
}

export function useTemplate(id: string) {
  return useQuery({ queryKey: ['sys-video', id], queryFn: () => getTemplate(id), enabled: id !== '' });
}
