import { useEffect, useState } from 'react';
import { clearOverrides, type Overrides } from '../federation/overrides';

export const OVERRIDE_TEXT = '覆盖中';

/**
 * The 覆盖中 badge, while this tab runs another build of a remote than the registry's (the dev
 * override: federation/overrides.ts). It names what is overridden; a tap ends the override and
 * starts the app again on the registry's builds.
 */
export function OverrideBadge({ overrides }: { overrides: Promise<Overrides> }) {
  const [shown, setShown] = useState<Overrides>({});
  useEffect(() => {
    let live = true;
    void overrides.then((found) => live && setShown(found));
    return () => {
      live = false;
    };
  }, [overrides]);

  const names = Object.entries(shown);
  if (names.length === 0) return null;
  const what = names.map(([name, url]) => `${name} → ${url}`).join('，');
  return (
    <button type="button" className="app-override" title={what} aria-label={`${OVERRIDE_TEXT}：${what}。点按清除覆盖`} onClick={() => clearOverrides()}>
      {OVERRIDE_TEXT} · {names.map(([name]) => name).join('、')}
    </button>
  );
}
