import { api, session } from '@app/shared';

export const LOGOUT_URL = '/api/v1/account/logout';

/**
 * Signs out: the server revokes the token first, then the session is cleared here, in every
 * remote and every tab. Cleared even when the call fails (offline, already revoked): the user
 * asked to leave, and a token left on a lost connection expires on its own.
 */
export async function logout(): Promise<void> {
  try {
    await api(LOGOUT_URL, {}, { hideErrorToast: true });
  } catch {
    // cleared below all the same
  } finally {
    session.clear();
  }
}
