import type { RedeemResult } from '@app/contract';
import { trackOverlay } from './overlays';
import { popupCloser } from './close-popup';

let shown: Promise<RedeemResult | null> | null = null;

/**
 * 兑换激活码 in a dialog, from any remote (我的, or 创作's 积分不足). Resolves with what the code
 * granted once the user closes the result (the session already holds the new balance), or null
 * when they cancel — or when back or a navigation closes it (overlays.ts). While it is open,
 * another call (a second tap) gets the same dialog.
 */
export function openRedeemDialog(): Promise<RedeemResult | null> {
  shown ??= (async () => {
    // The dialog and its body use kit/more: loaded when a user first redeems, off the first route.
    const [{ Dialog }, { RedeemPanel }] = await Promise.all([import('@app/shared/kit/more'), import('./redeem-panel')]);
    return new Promise<RedeemResult | null>((resolve) => {
      let settled = false;
      let release = () => {};
      const closer = popupCloser();
      const finish = (result: RedeemResult | null) => {
        if (settled) return;
        settled = true;
        release();
        closer.close(handler);
        shown = null;
        resolve(result);
      };
      const handler = Dialog.show({
        afterShow: closer.afterShow,
        title: '兑换激活码',
        'aria-label': '兑换激活码',
        closeOnMaskClick: false,
        content: <RedeemPanel onDone={finish} />,
      });
      release = trackOverlay(() => finish(null));
    });
  })();
  return shown;
}
