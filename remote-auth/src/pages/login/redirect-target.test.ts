import { redirectTarget } from './redirect-target';

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
