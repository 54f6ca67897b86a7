import { switchTab, TAB_BAR, tabPages } from '@app/shared';
import { TabIconSvg } from './tab-icons';

/**
 * The tab bar (docs/product.md "Tab bar"): 首页 / 创作 / 我的, #00275A / #0067ED, 50px, icons 24px,
 * labels 10px. Each tab is a button named by its label, the shown one marked aria-current="page"
 * (antd-mobile's TabBar draws unnamed, unfocusable divs). The class names are antd-mobile's.
 */
export function AppTabBar({ activeRoute }: { activeRoute: string }) {
  return (
    <nav
      className="app-tabbar"
      aria-label="标签栏"
      style={{ '--tab-color': TAB_BAR.color, '--tab-selected': TAB_BAR.selectedColor, '--tab-height': `${TAB_BAR.height}px` } as React.CSSProperties}
    >
      <div className="adm-tab-bar-wrap">
        {tabPages().map((p) => {
          const active = p.route === activeRoute;
          return (
            <button
              key={p.route}
              type="button"
              className={`adm-tab-bar-item${active ? ' adm-tab-bar-item-active' : ''}`}
              aria-current={active ? 'page' : undefined}
              onClick={() => {
                if (!active) void switchTab({ url: `/${p.route}` }).catch(() => undefined);
              }}
            >
              <span className="adm-tab-bar-item-icon" aria-hidden="true">
                <TabIconSvg icon={p.tab!.icon} active={active} />
              </span>
              <span className="adm-tab-bar-item-title">{p.tab!.label}</span>
            </button>
          );
        })}
      </div>
    </nav>
  );
}
