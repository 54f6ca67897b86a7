import { t } from '../i18n/locale';

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

/** The runtime's confirm dialog (uni.showModal); button texts default to the user's language. */
export async function showModal(options: ShowModalOptions): Promise<ShowModalResult> {
  const { title, content, showCancel = true } = options;
  // The dialog lives in the part of the kit the first route does not load.
  const { Dialog } = await import('@app/shared/kit/more');
  const confirmText = options.confirmText ?? t('uni.showModal.confirm');
  if (!showCancel) {
    // Named by its title: the kit's dialog has role="dialog" and no name of its own.
    await Dialog.alert({ title, content, confirmText, 'aria-label': title ?? content });
    return { confirm: true, cancel: false };
  }
  const confirmed = await Dialog.confirm({
    'aria-label': title ?? content,
    title,
    content,
    confirmText,
    cancelText: options.cancelText ?? t('uni.showModal.cancel'),
  });
  return { confirm: confirmed, cancel: !confirmed };
}
