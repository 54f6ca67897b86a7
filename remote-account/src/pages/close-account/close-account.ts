import type { ApiBody } from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@app/shared';

export const DELETE_INFO_URL = '/api/v1/account/delete_info';
export const DELETE_URL = '/api/v1/account/delete';
export const SEND_CODE_URL = '/api/v1/account/send_code';

/** What closing the account loses, and how it is confirmed (docs/api.md, /api/v1/account/delete_info). */
export function useClosingSummary() {
  // Always fresh: the balance and the counts are what the user is about to lose.
  return useQuery({ queryKey: ['account', 'delete-info'], queryFn: () => api(DELETE_INFO_URL, {}), staleTime: 0 });
}

/** Asks to close the account (docs/api.md, /api/v1/account/delete); the page shows a refusal beside the form. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (proof: ApiBody<typeof DELETE_URL>) => api(DELETE_URL, { ...proof }, { hideErrorToast: true }) });
}

/** The code that confirms it, sent to the account's own phone. */
export function sendDeleteCode(phone: string) {
  return api(SEND_CODE_URL, { phone, purpose: 'delete' }, { hideErrorToast: true });
}
