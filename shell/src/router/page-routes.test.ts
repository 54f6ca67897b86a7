import { HOME_ROUTE, PAGES, findPage } from '@app/shared';
import { matchPage } from './page-routes';

describe('matchPage (react-router matching over the page registry)', () => {
  it('finds every registered page by its route, as the registry does', () => {
    for (const page of PAGES) {
      expect(matchPage(`/${page.route}`, PAGES)).toBe(page);
      expect(matchPage(`/${page.route}?id=1&x=2`, PAGES)).toBe(findPage(`/${page.route}`));
    }
  });

  it('opens the home page at / and takes a path without its leading slash', () => {
    expect(matchPage('/', PAGES)?.route).toBe(HOME_ROUTE);
    expect(matchPage('', PAGES)?.route).toBe(HOME_ROUTE);
    expect(matchPage('pages/my/myIndex', PAGES)?.route).toBe('pages/my/myIndex');
  });

  it('matches exactly: no other case, no prefix, no unknown page', () => {
    expect(matchPage('/Pages/My/MyIndex', PAGES)).toBeUndefined();
    expect(matchPage('/pages/my', PAGES)).toBeUndefined();
    expect(matchPage('/pages/my/myIndex/extra', PAGES)).toBeUndefined();
    expect(matchPage('/nothing', PAGES)).toBeUndefined();
  });
});
