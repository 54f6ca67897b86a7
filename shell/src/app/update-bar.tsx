import { useEffect, useRef, useState } from 'react';
import type { UpdateCheck } from './update-ready';

export const UPDATE_TEXT = '新版本已就绪 · 刷新';

/**
 * A small bar over the frame once the registry has moved to another build of a remote
 * (./update-ready): a tap reloads the app, which then starts on the new builds. Nothing is taken
 * from the user meanwhile: the open pages keep working on the builds they started with.
 * `moment` changes at each safe moment to ask (the page shown); the app coming back to the front is one too.
 */
export function UpdateBar({ check, moment }: { check: UpdateCheck; moment: string | undefined }) {
  const [ready, setReady] = useState(false);
  const started = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (moment === undefined) return;
    // The first page shown is the start itself: nothing can have changed yet.
    if (started.current === undefined) {
      started.current = moment;
      return;
    }
    void check.check().then((found) => found && setReady(true));
  }, [check, moment]);

  useEffect(() => {
    const foreground = () => {
      if (document.visibilityState === 'visible') void check.check().then((found) => found && setReady(true));
    };
    document.addEventListener('visibilitychange', foreground);
    return () => document.removeEventListener('visibilitychange', foreground);
  }, [check]);

  if (!ready) return null;
  return (
    <div className="app-update" role="status">
      <button type="button" className="app-update-button" onClick={() => window.location.reload()}>
        {UPDATE_TEXT}
      </button>
    </div>
  );
}
