import { isPageBelow, redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('an app page with its query, as decoded by the page query', () => {
    expect(redirectTarget('/pagesA/detail/videoDetail?id=42')).toEqual({ url: '/pagesA/detail/videoDetail?id=42', tab: false });
  });

  it('decodes a redirect that arrived encoded once more', () => {
    expect(redirectTarget('%2FpagesA%2Fmy%2Fprofile')).toEqual({ url: '/pagesA/my/profile', tab: false });
  });

  it('a tab page: switchTab, without a query', () => {
    expect(redirectTarget('/pages/my/myIndex?x=1')).toEqual({ url: '/pages/my/myIndex', tab: true });
  });

  it.each([undefined, '', 'https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/pages/nope/nope', '/pagesA/login/index', '%E0%A4%A'])(
    '%p goes home',
    (redirect) => {
      expect(redirectTarget(redirect)).toEqual({ url: '/', tab: true });
    },
  );
});

describe('isPageBelow', () => {
  const below = { id: 3, route: 'pagesA/detail/videoDetail', fullPath: '/pagesA/detail/videoDetail?id=42', options: { id: '42' } };

  it('the same route with the same query', () => {
    expect(isPageBelow('/pagesA/detail/videoDetail?id=42', below)).toBe(true);
  });

  it('another query, another route, or nothing below', () => {
    expect(isPageBelow('/pagesA/detail/videoDetail?id=43', below)).toBe(false);
    expect(isPageBelow('/pagesA/detail/videoDetail', below)).toBe(false);
    expect(isPageBelow('/pagesA/my/profile', below)).toBe(false);
    expect(isPageBelow('/pagesA/detail/videoDetail?id=42', undefined)).toBe(false);
  });
});
