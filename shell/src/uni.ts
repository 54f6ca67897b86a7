import {
  getCurrentPages,
  navigateBack,
  navigateTo,
  reLaunch,
  redirectTo,
  showModal,
  showToast,
  switchTab,
} from '@app/shared';

/**
 * The runtime API of docs/product.md "Navigation API" on `window.uni` (and the global getCurrentPages), so page code written
 * for it, and the console, can drive the app.
 */
export const uni = { navigateTo, redirectTo, reLaunch, switchTab, navigateBack, getCurrentPages, showToast, showModal };

declare global {
  interface Window {
    uni: typeof uni;
    getCurrentPages: typeof getCurrentPages;
  }
}

export function installUniGlobal(win: Window = window): void {
  win.uni = uni;
  win.getCurrentPages = getCurrentPages;
}
