import type { ApiBody, UserInfo } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { api, session } from '@app/shared';

export const CHANGE_INFO_URL = '/api/v1/account/change_info';

/** The fields to change (the contract's change_info body). */
export type ProfileChange = ApiBody<typeof CHANGE_INFO_URL>;

/** Changes what is given and answers the whole UserInfo (docs/api.md, /api/v1/account/change_info). */
export function changeInfo(change: ProfileChange): Promise<UserInfo> {
  // hideErrorToast: the page says what went wrong beside the form.
  return api(CHANGE_INFO_URL, { ...change }, { hideErrorToast: true });
}

/** The answer replaces the session: every remote and tab shows the new values at once. */
export function useChangeInfo() {
  return useMutation({ mutationFn: changeInfo, onSuccess: (userInfo) => session.set(userInfo) });
}
