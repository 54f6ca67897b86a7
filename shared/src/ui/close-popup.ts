/** What antd-mobile's imperative `Dialog.show` / `ActionSheet.show` return. */
export interface PopupHandler {
  close(): unknown;
  /** False until the popup's wrapper has mounted; a close then unmounts it at once. */
  isRendered?(): boolean;
}

/** Longest wait for a popup's opening to end before it is closed anyway. */
const OPENING_WAIT_MS = 1000;

/**
 * Closes a popup the kit opened imperatively (Dialog.show, ActionSheet.show), waiting for its
 * opening to end. A close before the opening spring has moved (back or a navigation right after a
 * tap) asks the spring to go where it already is: react-spring stops it and reports the rest to
 * the opening's own handler, so the popup believes it is open — invisible, left over the page, the
 * page's scroll still locked — and never unmounts. Pass `afterShow` to the popup; `close` waits
 * for it (at most OPENING_WAIT_MS).
 */
export function popupCloser(): { afterShow: () => void; close: (handler: PopupHandler) => void } {
  let shown = false;
  let pending: PopupHandler | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closePending = () => {
    clearTimeout(timer);
    const handler = pending;
    pending = null;
    void handler?.close();
  };
  return {
    afterShow() {
      shown = true;
      closePending();
    },
    close(handler) {
      pending = handler;
      if (shown || handler.isRendered?.() === false) closePending();
      else timer = setTimeout(closePending, OPENING_WAIT_MS);
    },
  };
}
