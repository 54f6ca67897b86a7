import { useQuery } from '@tanstack/react-query';
import { request, type ApiEnvelope } from '@app/shared';

export interface VersionInfo {
  version: string;
  minVersion: string;
  releaseNotes: string;
  serverVersion: string;
}

export async function getVersionInfo(): Promise<VersionInfo> {
  const body = await request<ApiEnvelope<VersionInfo>>({ url: '/api/v1/version/get_version_info', hideErrorToast: true });
  if (body.rspCode !== 0) throw new Error(body.rspMsg);
  return body.data;
}

export function useVersionInfo() {
  return useQuery({ queryKey: ['version-info'], queryFn: getVersionInfo, retry: 1 });
}
