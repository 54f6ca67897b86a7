import type { VersionInfo } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@app/shared';

export function getVersionInfo(): Promise<VersionInfo> {
  return api('/api/v1/version/get_version_info', {}, { hideErrorToast: true });
}

export function useVersionInfo() {
  return useQuery({ queryKey: ['version-info'], queryFn: getVersionInfo, retry: 1 });
}
