import type { VersionInfo } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../request/api';
import { apiBaseUrl } from '../request/config';

/**
 * What 关于 and 登录 read from the server (/api/v1/version/get_version_info): its version, the
 * 《用户协议》 and 《隐私政策》 it serves or names (TERMS_URL / PRIVACY_URL), the contact line.
 */
export function getVersionInfo(): Promise<VersionInfo> {
  return api('/api/v1/version/get_version_info', {}, { hideErrorToast: true });
}

export function useVersionInfo() {
  return useQuery({ queryKey: ['version-info'], queryFn: getVersionInfo, retry: 1, staleTime: 5 * 60_000 });
}

/** The agreements' addresses before the answer comes (the server's own pages), so a link works at once. */
export const LEGAL_PATHS = { terms: '/legal/terms', privacy: '/legal/privacy' } as const;

/** An address the server names: a path is on the API's host (not the page's when the API has a base URL of its own). */
export function serverHref(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  return `${apiBaseUrl().replace(/\/+$/, '')}${url}`;
}

/** The two agreements' links, as the server names them (or its own pages until it answers). */
export function useLegalLinks(): { terms: string; privacy: string } {
  const info = useVersionInfo();
  return {
    terms: serverHref(info.data?.termsUrl ?? LEGAL_PATHS.terms),
    privacy: serverHref(info.data?.privacyUrl ?? LEGAL_PATHS.privacy),
  };
}
