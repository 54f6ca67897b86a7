import { PAGES, TAB_BAR, findPage, isAppUrl, loginRequiredRoutes, normalizeRoute, tabPages } from './registry';

describe('page registry (docs/product.md "Routes")', () => {
  it('has every route of docs/product.md "Routes" with its title', () => {
    expect(Object.fromEntries(PAGES.map((p) => [p.route, p.title]))).toEqual({
      'pages/index/index': '首页',
      'pages/about/about': '关于',
      'pages/create/create': '我的创作',
      'pages/my/myIndex': '我的',
      'pagesA/create/addVideo': '极速生成视频',
      'pagesA/create/createSuccess': '生成视频成功',
      'pagesA/detail/videoDetail': '视频详情',
      'pagesA/login/index': '登录',
      'pagesA/login/forgotPassword': '忘记密码',
      'pagesA/my/exchangeRecords': '兑换记录',
      'pagesA/my/pointsRecord': '积分记录',
      'pagesA/my/profile': '个人资料',
      'pagesA/my/changePassword': '修改密码',
      'pagesA/my/closeAccount': '注销账号',
      'pagesA/my/exportData': '导出我的数据',
    });
  });

  it('has the three tabs in order with their labels', () => {
    expect(tabPages().map((p) => [p.tab!.index, p.route, p.tab!.label])).toEqual([
      [0, 'pages/index/index', '首页'],
      [1, 'pages/create/create', '创作'],
      [2, 'pages/my/myIndex', '我的'],
    ]);
    expect(TAB_BAR).toEqual({ color: '#00275A', selectedColor: '#0067ED', height: 50, iconWidth: 24, fontSize: 10 });
  });

  it('marks custom navigation bars and backgrounds as docs/product.md "Routes" does', () => {
    expect(PAGES.filter((p) => p.customNavBar).map((p) => p.route).sort()).toEqual(
      ['pages/create/create', 'pages/index/index', 'pages/my/myIndex', 'pagesA/login/index'].sort(),
    );
    const bg = (route: string) => findPage(route)!.background;
    expect(bg('pagesA/create/addVideo')).toBe('#E8F0F8');
    expect(bg('pagesA/create/createSuccess')).toBe('#E8F0F8');
    expect(bg('pagesA/detail/videoDetail')).toBe('#E8F0F8');
    expect(bg('pagesA/my/profile')).toBe('#e8f0f8');
    expect(bg('pages/about/about')).toBe('#e8f0f8');
  });

  it('gives each page to the remote that owns it', () => {
    const owners = Object.fromEntries(PAGES.map((p) => [p.route, `${p.remote}:${p.module}`]));
    expect(owners['pages/index/index']).toBe('create:./Home');
    expect(owners['pagesA/my/profile']).toBe('account:./Profile');
    expect(owners['pagesA/login/index']).toBe('auth:./Login');
    expect(owners['pagesA/login/forgotPassword']).toBe('auth:./ForgotPassword');
    expect(owners['pagesA/my/changePassword']).toBe('account:./ChangePassword');
  });

  it('guards no page today (docs/product.md "Login guard")', () => {
    expect(loginRequiredRoutes()).toEqual([]);
  });

  it('treats `/` as the home page', () => {
    expect(normalizeRoute('/')).toBe('pages/index/index');
    expect(normalizeRoute('/?a=1')).toBe('pages/index/index');
    expect(findPage('/pages/about/about?x=1')!.title).toBe('关于');
  });

  it('accepts only its own routes as in-app urls', () => {
    expect(isAppUrl('/pages/my/myIndex')).toBe(true);
    expect(isAppUrl('/pagesA/detail/videoDetail?id=3')).toBe(true);
    expect(isAppUrl('/')).toBe(true);
    expect(isAppUrl('https://evil.example/pages/my/myIndex')).toBe(false);
    expect(isAppUrl('//evil.example/x')).toBe(false);
    expect(isAppUrl('javascript:alert(1)')).toBe(false);
    expect(isAppUrl('/pages/unknown')).toBe(false);
  });
});
