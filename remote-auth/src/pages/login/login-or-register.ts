import type { ApiBody, SignInResult } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { api, session, toast } from '@app/shared';

export const LOGIN_URL = '/api/v1/account/login_or_register';

/** The phone and a password or an SMS code (the contract's login_or_register body, whose nickname the page does not send). */
export type Credentials = Omit<ApiBody<typeof LOGIN_URL>, 'nickname'>;

/** Signs in, or registers an unknown phone (docs/api.md, /api/v1/account/login_or_register); the answer is the whole session. */
export function loginOrRegister(credentials: Credentials): Promise<SignInResult> {
  // hideErrorToast: the page says what went wrong under the form, where the user is looking.
  return api(LOGIN_URL, { ...credentials }, { hideErrorToast: true });
}

/** What a new account hears: the welcome points the server really gave (WELCOME_POINTS). */
export function welcomeText(points: number): string {
  return `欢迎！已赠送 +${points} 积分`;
}

/**
 * Stores and publishes the session on success: every remote and every tab sees the user at once.
 * A new account given points is welcomed with them (a toast, which outlives the page).
 */
export function useLoginOrRegister() {
  return useMutation({
    mutationFn: loginOrRegister,
    onSuccess: ({ welcomePoints, mustChangePassword, closingAt: _closing, ...userInfo }) => {
      // A one-time password's session can do nothing but set a new one: it is kept by the page's
      // 设置新密码 step, and stored only once that is done.
      if (mustChangePassword) return;
      session.set(userInfo);
      if (welcomePoints > 0) void toast(welcomeText(welcomePoints), 3000, { outlivesPage: true });
    },
  });
}
