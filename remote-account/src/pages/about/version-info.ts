import { useQuery } from '@tanstack/react-query';
import { callApi } from '@app/shared';

export interface VersionInfo {
  version: string;
  minVersion: string;
  releaseNotes: string;
  serverVersion: string;
}

export function getVersionInfo(): Promise<VersionInfo> {
  return callApi<VersionInfo>('/api/v1/version/get_version_info', undefined, { method: 'GET', hideErrorToast: true });
}

export function useVersionInfo() {
  return useQuery({ queryKey: ['version-info'], queryFn: getVersionInfo, retry: 1 });
}
