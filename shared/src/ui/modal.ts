import { Dialog } from '@app/shared/kit';
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
