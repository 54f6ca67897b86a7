import { NAV_BAR_HEIGHT } from '@app/shared';
import { NavBar } from '@app/shared/kit';

/** The 44px navigation bar of pages that do not draw their own; its back button is named 返回. */
export function AppNavBar({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <NavBar className="app-navbar" style={{ '--height': `${NAV_BAR_HEIGHT}px` } as React.CSSProperties} onBack={onBack}>
      {title}
    </NavBar>
  );
}
