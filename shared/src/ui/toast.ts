/** Default duration of the runtime's toasts (uni.showToast): docs/product.md "Toasts". */
export const RUNTIME_TOAST_MS = 1500;
/** Default duration of the UI kit's toasts: docs/product.md "Toasts". */
export const UI_TOAST_MS = 2000;

export interface ShowToastOptions {
  title: string;
  icon?: 'success' | 'error' | 'loading' | 'none';
  duration?: number;
  /** Block touches on the page while the toast shows. */
  mask?: boolean;
}

const ICONS = { success: 'success', error: 'fail', loading: 'loading', none: undefined } as const;

// The toast lives in the part of the kit the first route does not load: loaded on the first toast.
const kit = () => import('@app/shared/kit/more');

/**
 * The runtime's toast (uni.showToast). A plain string is shown as text with no icon: the
 * runtime's own toasts are error messages, which a success tick would contradict. Resolves once
 * the toast shows.
 */
export async function showToast(options: string | ShowToastOptions): Promise<void> {
  const { title, icon = 'none', duration = RUNTIME_TOAST_MS, mask = false } =
    typeof options === 'string' ? { title: options } : options;
  const { Toast } = await kit();
  Toast.show({ content: title, icon: ICONS[icon], duration, maskClickable: !mask });
}

/** The UI kit's toast, for pages: plain text, longer by default. Resolves once it shows. */
export async function toast(content: string, duration = UI_TOAST_MS): Promise<void> {
  const { Toast } = await kit();
  Toast.show({ content, duration });
}
