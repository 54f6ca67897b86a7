import { switchTab, TAB_BAR, tabPages } from '@app/shared';
import { TabBar } from '@app/shared/kit';
import { TabIconSvg } from './tab-icons';

/** The tab bar (docs/product.md "Tab bar"): 首页 / 创作 / 我的, #00275A / #0067ED, 50px, icons 24px, labels 10px. */
export function AppTabBar({ activeRoute }: { activeRoute: string }) {
  const tabs = tabPages();
  return (
    <nav
      className="app-tabbar"
      style={{ '--tab-color': TAB_BAR.color, '--tab-selected': TAB_BAR.selectedColor, '--tab-height': `${TAB_BAR.height}px` } as React.CSSProperties}
    >
      <TabBar
        activeKey={activeRoute}
        safeArea
        onChange={(route) => {
          if (route !== activeRoute) void switchTab({ url: `/${route}` }).catch(() => undefined);
        }}
      >
        {tabs.map((p) => (
          <TabBar.Item
            key={p.route}
            title={p.tab!.label}
            icon={(active: boolean) => <TabIconSvg icon={p.tab!.icon} active={active} />}
          />
        ))}
      </TabBar>
    </nav>
  );
}
