import { api, formatTime, session, showModal, toast } from '@app/shared';

export const CANCEL_DELETE_URL = '/api/v1/account/cancel_delete';
const LOGOUT_URL = '/api/v1/account/logout';

/**
 * Signed in to an account in 注销账号's cooling-off (docs/product.md "注销账号"): the user chooses
 * 撤销注销 (the account lives on; answers true, and the sign-in goes on as usual) or 退出登录 (the
 * closing goes ahead; this session ends and the login page stays; answers false).
 */
export async function offerToCancelClosing(closingAt: number): Promise<boolean> {
  const choice = await showModal({
    title: '账号注销中',
    content: `该账号已申请注销，将于 ${formatTime(closingAt)} 永久注销。撤销注销后可继续使用。`,
    confirmText: '撤销注销',
    cancelText: '退出登录',
  });
  if (choice.confirm) {
    try {
      await api(CANCEL_DELETE_URL, {});
      toast('已撤销注销，欢迎回来', 3000, { outlivesPage: true });
      return true;
    } catch {
      // The request layer has said why; the user stays signed out, as the closing still stands.
    }
  }
  await api(LOGOUT_URL, {}, { hideErrorToast: true }).catch(() => undefined);
  session.clear();
  return false;
}
