/**
 * What is open over the page — dialogs, action sheets, popups — as a native app keeps it: each one
 * opened takes a step of the browser's history, so back closes the one on top before it leaves the
 * page, and any navigation closes them all. A dialog closed that way answers as if cancelled: no
 * action of it runs against a page that is no longer shown. docs/product.md "Dialogs and back".
 *
 * The shell provides the history side (`provideOverlayHistory`); @app/shared's dialogs and sheets
 * register here (`trackOverlay`), so a page never deals with it.
 */

/** The shell's side: a history step per overlay. */
export interface OverlayHistory {
  /** An overlay opened: take a history step for it. */
  opened(): void;
  /** The overlay on top closed by itself (a button, the mask): give its step back. */
  closed(): void;
}

/** Why an overlay is being closed from outside: the browser's back, or a navigation. */
export type DismissReason = 'back' | 'navigation';

interface Open {
  id: number;
  /** Closes it as a cancel. */
  dismiss: (reason: DismissReason) => void;
}

let history: OverlayHistory | undefined;
let open: Open[] = [];
let nextId = 1;

/** The shell installs its history here at start. Without one (unit tests), overlays take no steps. */
export function provideOverlayHistory(next: OverlayHistory | undefined): void {
  history = next;
}

/**
 * Registers an overlay that has just opened; `dismiss` closes it as a cancel when back or a
 * navigation takes it away. Call the returned function when it closes by itself (each call after
 * the first, or after a dismiss, does nothing).
 */
export function trackOverlay(dismiss: (reason: DismissReason) => void): () => void {
  const entry: Open = { id: nextId++, dismiss };
  open = [...open, entry];
  history?.opened();
  return () => {
    if (!open.includes(entry)) return;
    open = open.filter((o) => o !== entry);
    history?.closed();
  };
}

/** How many overlays are open. */
export function openOverlays(): number {
  return open.length;
}

/**
 * What shows over the page without taking a history step — toasts: back does not close them (it
 * leaves the page, or closes a dialog), but they belong to the page they were shown on, so a
 * navigation closes them with the dialogs.
 */
const passing = new Set<() => boolean | void>();
let navigations = 0;

/**
 * Registers something shown over the page that a navigation closes (a toast); `close` takes it
 * away, or answers true to stay for the next navigation. Call the returned function once it has
 * gone by itself.
 */
export function closeOnNavigation(close: () => boolean | void): () => void {
  passing.add(close);
  return () => void passing.delete(close);
}

/**
 * How many navigations have closed what was over the page so far: something asked for before one
 * and ready to show only after it (a toast waiting for its code) compares the two and stays away.
 */
export function navigationCount(): number {
  return navigations;
}

/**
 * Closes the `count` overlays on top (all by default), newest first, as cancels. For the shell:
 * the browser's back took their history steps already, or a navigation is about to — which also
 * closes the toasts (closeOnNavigation).
 */
export function dismissOverlays(reason: DismissReason, count = open.length): number {
  if (reason === 'navigation') {
    navigations += 1;
    const closing = [...passing];
    passing.clear();
    for (const close of closing) {
      try {
        if (close() === true) passing.add(close);
      } catch (error) {
        console.error('closing a toast failed', error);
      }
    }
  }
  const closing = open.slice(Math.max(0, open.length - count)).reverse();
  if (closing.length === 0) return 0;
  open = open.slice(0, open.length - closing.length);
  for (const o of closing) {
    try {
      o.dismiss(reason);
    } catch (error) {
      console.error('closing an overlay failed', error);
    }
  }
  return closing.length;
}
