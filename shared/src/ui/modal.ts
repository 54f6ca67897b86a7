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
    await Dialog.alert({ title, content, confirmText });
    return { confirm: true, cancel: false };
  }
  const confirmed = await Dialog.confirm({
    title,
    content,
    confirmText,
    cancelText: options.cancelText ?? t('uni.showModal.cancel'),
  });
  return { confirm: confirmed, cancel: !confirmed };
}
