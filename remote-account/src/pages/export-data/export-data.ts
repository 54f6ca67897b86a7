import type { AccountExport } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@app/shared';

export const EXPORT_URL = '/api/v1/account/export';
export const EXPORT_STATUS_URL = '/api/v1/account/export_status';
const KEY = ['account', 'export'];
/** While the zip is being prepared the page asks again this often. */
const POLL_MS = 3000;

/** The newest export's status (docs/api.md, /api/v1/account/export_status), asked again while it is preparing. */
export function useExportStatus() {
  return useQuery({
    queryKey: KEY,
    queryFn: (): Promise<AccountExport> => api(EXPORT_STATUS_URL, {}),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? POLL_MS : false),
  });
}

/** Asks for a new export; its answer is the status. */
export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<AccountExport> => api(EXPORT_URL, {}),
    onSuccess: (status) => client.setQueryData(KEY, status),
  });
}
