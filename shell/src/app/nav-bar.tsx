import { NAV_BAR_HEIGHT, t } from '@app/shared';
import { NavBar } from '@app/shared/kit';

/** The 44px navigation bar of pages that do not draw their own. */
export function AppNavBar({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <NavBar
      className="app-navbar"
      style={{ '--height': `${NAV_BAR_HEIGHT}px` } as React.CSSProperties}
      backIcon
      back={<span className="app-sr-only">{t('uni.navigationBar.back')}</span>}
      onBack={onBack}
    >
      {title}
    </NavBar>
  );
}
