import type { ApiBody, UserInfo } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { api, session } from '@app/shared';

export const LOGIN_URL = '/api/v1/account/login_or_register';

/** The phone and password (the contract's login_or_register body, whose nickname the page does not send). */
export type Credentials = Omit<ApiBody<typeof LOGIN_URL>, 'nickname'>;

/** Signs in, or registers an unknown phone (docs/api.md, /api/v1/account/login_or_register); the answer is the whole session. */
export function loginOrRegister(credentials: Credentials): Promise<UserInfo> {
  // hideErrorToast: the page says what went wrong under the form, where the user is looking.
  return api(LOGIN_URL, { ...credentials }, { hideErrorToast: true });
}

/** Stores and publishes the session on success: every remote and every tab sees the user at once. */
export function useLoginOrRegister() {
  return useMutation({
    mutationFn: loginOrRegister,
    onSuccess: (userInfo) => session.set(userInfo),
  });
}
