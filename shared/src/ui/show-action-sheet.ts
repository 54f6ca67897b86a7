import { t } from '../i18n/locale';
import { trackOverlay } from './overlays';
import { popupCloser } from './close-popup';

export interface SheetAction {
  key: string;
  text: string;
  danger?: boolean;
}

export interface ShowActionSheetOptions {
  /** A line above the actions (e.g. the item they act on). */
  title?: string;
  actions: SheetAction[];
  cancelText?: string;
}

/**
 * An action sheet (the kit's ActionSheet) as one call: resolves with the key of the action
 * tapped, or null when the user cancels, taps the mask, presses back, or a navigation takes the
 * page away (overlays.ts).
 */
export async function showActionSheet(options: ShowActionSheetOptions): Promise<string | null> {
  const { ActionSheet } = await import('@app/shared/kit/more');
  return new Promise<string | null>((resolve) => {
    let settled = false;
    let release = () => {};
    const closer = popupCloser();
    const finish = (key: string | null) => {
      if (settled) return;
      settled = true;
      release();
      closer.close(handler);
      resolve(key);
    };
    const handler = ActionSheet.show({
      afterShow: closer.afterShow,
      extra: options.title,
      cancelText: options.cancelText ?? t('uni.showActionSheet.cancel'),
      actions: options.actions.map(({ key, text, danger }) => ({ key, text, danger })),
      onAction: (action) => finish(String(action.key)),
      onClose: () => finish(null),
    });
    release = trackOverlay(() => finish(null));
  });
}
