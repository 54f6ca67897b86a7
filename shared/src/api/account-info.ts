import { api } from '../request/api';
import { ApiError, SIGNED_OUT_RSP_CODE } from '../request/request';
import { session } from '../session/session-store';
import type { ApiPath, UserInfo } from '@app/contract';
import { showToast } from '../ui/toast';

export const ACCOUNT_INFO_URL = '/api/v1/account/getAccountInfo' satisfies ApiPath;

/**
 * Reloads the signed-in user's info (on start, back in the foreground) and replaces the stored
 * session with it (docs/product.md "Session"). Signed out: null, without asking the server. A business refusal
 * shows its rspMsg (docs/product.md "Error catalogue") and rejects; rspCode 6 is left to the request wrapper, which has
 * already signed the user out.
 */
export async function refreshAccountInfo(): Promise<UserInfo | null> {
  if (!session.isLoggedIn()) return null;
  try {
    const userInfo = await api(ACCOUNT_INFO_URL, {});
    session.set(userInfo);
    return userInfo;
  } catch (error) {
    if (error instanceof ApiError && error.rspCode !== SIGNED_OUT_RSP_CODE) void showToast(error.rspMsg);
    throw error;
  }
}
