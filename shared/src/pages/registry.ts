/**
 * The page registry: the tables of docs/product.md "Routes" and "Tab bar" as one data table. The shell's router, tab bar,
 * navigation bar and login guard all read it; the remotes read it to validate in-app routes
 * (e.g. the login page's `redirect`). Remotes expose exactly the modules named here.
 */
export type RemoteName = 'create' | 'account' | 'auth';
export type TabIcon = 'home' | 'create' | 'mine';

export interface TabDef {
  index: number;
  label: string;
  icon: TabIcon;
}

export interface PageDef {
  /** uni-app style route, no leading slash: `pages/index/index`. */
  route: string;
  title: string;
  /** Page background colour. */
  background: string;
  /** The page draws its own navigation bar; the shell draws none. */
  customNavBar: boolean;
  tab?: TabDef;
  /** Opening it with no token goes to the login page (docs/product.md "Login guard": no page carries the flag). */
  needLogin: boolean;
  remote: RemoteName;
  /** The module the remote exposes for this page. */
  module: string;
}

export const GLOBAL_BACKGROUND = '#e8f0f8';
export const HOME_ROUTE = 'pages/index/index';
export const LOGIN_ROUTE = 'pagesA/login/index';

export const TAB_BAR = {
  color: '#00275A',
  selectedColor: '#0067ED',
  height: 50,
  iconWidth: 24,
  fontSize: 10,
} as const;

export const NAV_BAR_HEIGHT = 44;

export const PAGES: readonly PageDef[] = [
  { route: 'pages/index/index', title: '首页', background: GLOBAL_BACKGROUND, customNavBar: true, tab: { index: 0, label: '首页', icon: 'home' }, needLogin: false, remote: 'create', module: './Home' },
  { route: 'pages/about/about', title: '关于', background: GLOBAL_BACKGROUND, customNavBar: false, needLogin: false, remote: 'account', module: './About' },
  { route: 'pages/create/create', title: '我的创作', background: GLOBAL_BACKGROUND, customNavBar: true, tab: { index: 1, label: '创作', icon: 'create' }, needLogin: false, remote: 'create', module: './MyCreations' },
  { route: 'pages/my/myIndex', title: '我的', background: GLOBAL_BACKGROUND, customNavBar: true, tab: { index: 2, label: '我的', icon: 'mine' }, needLogin: false, remote: 'account', module: './Mine' },
  { route: 'pagesA/create/addVideo', title: '极速生成视频', background: '#E8F0F8', customNavBar: false, needLogin: false, remote: 'create', module: './AddVideo' },
  { route: 'pagesA/create/createSuccess', title: '生成视频成功', background: '#E8F0F8', customNavBar: false, needLogin: false, remote: 'create', module: './CreateSuccess' },
  { route: 'pagesA/detail/videoDetail', title: '视频详情', background: '#E8F0F8', customNavBar: false, needLogin: false, remote: 'create', module: './VideoDetail' },
  { route: 'pagesA/login/index', title: '登录', background: GLOBAL_BACKGROUND, customNavBar: true, needLogin: false, remote: 'auth', module: './Login' },
  { route: 'pagesA/login/forgotPassword', title: '忘记密码', background: GLOBAL_BACKGROUND, customNavBar: false, needLogin: false, remote: 'auth', module: './ForgotPassword' },
  { route: 'pagesA/my/exchangeRecords', title: '兑换记录', background: GLOBAL_BACKGROUND, customNavBar: false, needLogin: false, remote: 'account', module: './ExchangeRecords' },
  { route: 'pagesA/my/pointsRecord', title: '积分记录', background: GLOBAL_BACKGROUND, customNavBar: false, needLogin: false, remote: 'account', module: './PointsRecord' },
  { route: 'pagesA/my/profile', title: '个人资料', background: '#e8f0f8', customNavBar: false, needLogin: false, remote: 'account', module: './Profile' },
  { route: 'pagesA/my/changePassword', title: '修改密码', background: '#ffffff', customNavBar: false, needLogin: false, remote: 'account', module: './ChangePassword' },
  { route: 'pagesA/my/closeAccount', title: '注销账号', background: '#e8f0f8', customNavBar: false, needLogin: false, remote: 'account', module: './CloseAccount' },
  { route: 'pagesA/my/exportData', title: '导出我的数据', background: '#e8f0f8', customNavBar: false, needLogin: false, remote: 'account', module: './ExportData' },
];

/** Tab pages in tab order. */
export function tabPages(pages: readonly PageDef[] = PAGES): PageDef[] {
  return pages.filter((p) => p.tab).sort((a, b) => a.tab!.index - b.tab!.index);
}

/** Routes that need a token (docs/product.md "Login guard": built from the pages flagged needLogin). */
export function loginRequiredRoutes(pages: readonly PageDef[] = PAGES): string[] {
  return pages.filter((p) => p.needLogin).map((p) => p.route);
}

/** Route of a path: strips leading slashes and the query; `/` is the home page's alias. */
export function normalizeRoute(path: string): string {
  const bare = path.split('?')[0]!.replace(/^\/+/, '').replace(/\/+$/, '');
  return bare === '' ? HOME_ROUTE : bare;
}

export function findPage(path: string, pages: readonly PageDef[] = PAGES): PageDef | undefined {
  const route = normalizeRoute(path);
  return pages.find((p) => p.route === route);
}

/**
 * A URL this app can open itself (`/route?query`), e.g. a login `redirect`. Anything else —
 * another origin, `javascript:`, an unknown page — is refused.
 */
export function isAppUrl(url: string, pages: readonly PageDef[] = PAGES): boolean {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return false;
  return findPage(url, pages) !== undefined;
}
