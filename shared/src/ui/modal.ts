import { t } from '../i18n/locale';
import { trackOverlay } from './overlays';
import { popupCloser } from './close-popup';

export interface ShowModalOptions {
  title?: string;
  content: string;
  showCancel?: boolean;
  confirmText?: string;
  cancelText?: string;
}

export interface ShowModalResult {
  confirm: boolean;
  cancel: boolean;
}

/**
 * The runtime's confirm dialog (uni.showModal); button texts default to the user's language.
 * Back, or any navigation, closes it as a cancel (overlays.ts): its confirm never runs against a
 * page that is no longer shown.
 */
export async function showModal(options: ShowModalOptions): Promise<ShowModalResult> {
  const { title, content, showCancel = true } = options;
  // The dialog lives in the part of the kit the first route does not load.
  const { Dialog } = await import('@app/shared/kit/more');
  const confirmText = options.confirmText ?? t('uni.showModal.confirm');
  const cancelText = options.cancelText ?? t('uni.showModal.cancel');
  return new Promise<ShowModalResult>((resolve) => {
    let settled = false;
    let release = () => {};
    const closer = popupCloser();
    const finish = (confirm: boolean) => {
      if (settled) return;
      settled = true;
      release();
      closer.close(handler);
      resolve({ confirm, cancel: !confirm });
    };
    const confirmAction = { key: 'confirm', text: confirmText, bold: showCancel, onClick: () => finish(true) };
    const handler = Dialog.show({
      afterShow: closer.afterShow,
      // Named by its title: the kit's dialog has role="dialog" and no name of its own.
      'aria-label': title ?? content,
      title,
      content,
      actions: showCancel ? [[{ key: 'cancel', text: cancelText, onClick: () => finish(false) }, confirmAction]] : [confirmAction],
      onClose: () => finish(false),
    });
    release = trackOverlay(() => finish(false));
  });
}
