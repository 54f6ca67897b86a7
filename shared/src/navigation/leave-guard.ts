import { useContext, useEffect, useRef } from 'react';
import { trackOverlay } from '../ui/overlays';
import { navigateBack } from './navigation';
import { PageContext } from './page-context';

/** Resolves true when the user agrees to leave. */
type Ask = () => Promise<boolean>;

const guards = new Map<number, Ask>();

/**
 * For the shell, before a navigation takes the page `pageId` away (back, redirectTo, switchTab,
 * reLaunch): true when it may go — it holds nothing unsaved, or its user agreed to drop it.
 */
export function mayLeavePage(pageId: number): Promise<boolean> {
  const ask = guards.get(pageId);
  return ask ? ask() : Promise.resolve(true);
}

/**
 * While `dirty`, leaving the page asks first (`ask`, e.g. a 放弃修改？ dialog): the nav bar's back
 * and other navigations through the shell's stack, and the browser's back button — for which the
 * page holds a history step of its own, the way an open dialog does (overlays.ts), so that back
 * asks instead of leaving.
 */
export function useLeaveGuard(dirty: boolean, ask: Ask): void {
  const { id, active } = useContext(PageContext);
  const latest = useRef(ask);
  latest.current = ask;

  useEffect(() => {
    if (!dirty || !active) return;
    let disposed = false;
    let release: (() => void) | undefined;
    let asking: Promise<boolean> | undefined;
    // One question at a time, whichever way the user tried to leave.
    const confirm = (): Promise<boolean> => {
      asking ??= latest.current().finally(() => (asking = undefined));
      return asking;
    };
    const arm = () => {
      release = trackOverlay((reason) => {
        release = undefined;
        // A navigation asked through mayLeavePage already; only the browser's back asks here.
        if (reason !== 'back' || disposed) return;
        void confirm().then((leave) => {
          if (disposed) return;
          if (!leave) return arm();
          guards.delete(id);
          void navigateBack().catch(() => undefined);
        });
      });
    };
    guards.set(id, async () => {
      const leave = await confirm();
      if (leave) guards.delete(id);
      return leave;
    });
    arm();
    return () => {
      disposed = true;
      guards.delete(id);
      release?.();
    };
  }, [dirty, active, id]);
}
