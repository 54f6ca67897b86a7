import { closeOnNavigation, navigationCount } from './overlays';

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
  await show({ content: title, icon: ICONS[icon], duration, maskClickable: !mask });
}

export interface ToastOptions {
  /**
   * Shown on the page the user is taken to next, so the navigation under way must not close it
   * (the welcome after sign-up, shown as the login page hands over to the next one); the one
   * after does. Other toasts belong to the page they are shown on: any navigation closes them.
   */
  outlivesPage?: boolean;
}

/** The UI kit's toast, for pages: plain text, longer by default. Resolves once it shows. */
export async function toast(content: string, duration = UI_TOAST_MS, { outlivesPage = false }: ToastOptions = {}): Promise<void> {
  await show({ content, duration }, outlivesPage);
}

type KitToast = Awaited<ReturnType<typeof kit>>['Toast'];

/** The toast showing, if any (the kit shows one at a time: a new one replaces it). */
let current: { release: () => void } | undefined;

/**
 * Shows a toast. The next navigation closes it (the one after, if it outlives its page), and one
 * asked for before a navigation that has happened by the time the kit is loaded is not shown.
 */
async function show(props: Parameters<KitToast['show']>[0] & object, outlivesPage = false): Promise<void> {
  const asked = navigationCount();
  const { Toast } = await kit();
  if (!outlivesPage && navigationCount() !== asked) return;
  current?.release(); // replaced by this one
  const mine = { release: () => {} };
  current = mine;
  const gone = () => {
    mine.release();
    if (current === mine) current = undefined;
  };
  Toast.show({ ...props, afterClose: gone });
  mine.release = closeOnNavigation(() => {
    if (current !== mine) return;
    // One that outlives its page stays through the navigation under way when it was asked for
    // (however the two interleave), and goes with the next.
    if (outlivesPage && navigationCount() <= asked + 1) return true;
    current = undefined;
    Toast.clear();
  });
}
