import { applyOverrides, clearOverrides, overridesIn } from './overrides';

const registry = {
  create: 'https://app.example.com/remotes/create/1.0.0-aaaaaaaaaa/remoteEntry.js',
  account: 'https://app.example.com/remotes/account/1.0.0-bbbbbbbbbb/remoteEntry.js',
  auth: 'https://app.example.com/remotes/auth/1.0.0-cccccccccc/remoteEntry.js',
};
const DEV = 'http://127.0.0.1:3002/mf-manifest.json';

/** A page address, with a replace() that records where the page went. */
function at(href: string) {
  const went: string[] = [];
  return { href, search: new URL(href).search, replace: (url: string | URL) => void went.push(String(url)), went };
}

describe('the dev override (?remote.<name>=<URL>)', () => {
  let notes: string[];
  const warn = (message: string) => void notes.push(message);

  beforeEach(() => {
    sessionStorage.clear();
    notes = [];
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
  });

  it('reads only known remotes and http(s) addresses, and says what it left out', () => {
    expect(overridesIn(`?remote.account=${encodeURIComponent(DEV)}&remote.shop=${encodeURIComponent(DEV)}&remote.auth=javascript:alert(1)&x=1`, warn)).toEqual({ account: DEV });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('remote.shop');
    expect(notes[1]).toContain('remote.auth=javascript:alert(1)');
  });

  it('points the remote at that build, and the tab remembers it (sessionStorage)', async () => {
    const page = at(`https://app.example.com/?remote.account=${encodeURIComponent(DEV)}#/pages/about/about`);
    await expect(applyOverrides(registry, true, page, warn)).resolves.toEqual({ entries: { ...registry, account: DEV }, overrides: { account: DEV } });
    expect(JSON.parse(sessionStorage.getItem('app.remoteOverrides')!)).toEqual({ account: DEV });
    expect(page.went).toEqual([]);
  });

  it('opened again without the parameter, loads the page again with it (whose CSP allows that origin)', () => {
    sessionStorage.setItem('app.remoteOverrides', JSON.stringify({ account: DEV }));
    const page = at('https://app.example.com/?a=1#/pages/my/myIndex');
    void applyOverrides(registry, true, page, warn);
    expect(page.went).toEqual([`https://app.example.com/?a=1&remote.account=${encodeURIComponent(DEV)}#/pages/my/myIndex`]);
  });

  it('is ignored, with a note on the console, and forgotten when the server does not allow it', async () => {
    sessionStorage.setItem('app.remoteOverrides', JSON.stringify({ create: 'http://127.0.0.1:3001/mf-manifest.json' }));
    const page = at(`https://app.example.com/?remote.account=${encodeURIComponent(DEV)}`);
    await expect(applyOverrides(registry, false, page, warn)).resolves.toEqual({ entries: registry, overrides: {} });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('ALLOW_REMOTE_OVERRIDE');
    expect(notes[0]).toContain(`remote.account=${DEV}`);
    expect(sessionStorage.getItem('app.remoteOverrides')).toBeNull();
    expect(page.went).toEqual([]);
  });

  it('without any, changes nothing', async () => {
    await expect(applyOverrides(registry, true, at('https://app.example.com/#/'), warn)).resolves.toEqual({ entries: registry, overrides: {} });
    expect(notes).toEqual([]);
  });

  it('is ended by clearOverrides: forgotten, and the page loaded without it', () => {
    sessionStorage.setItem('app.remoteOverrides', JSON.stringify({ account: DEV }));
    const page = at(`https://app.example.com/?remote.account=${encodeURIComponent(DEV)}&a=1#/pages/about/about`);
    clearOverrides(page);
    expect(sessionStorage.getItem('app.remoteOverrides')).toBeNull();
    expect(page.went).toEqual(['https://app.example.com/?a=1#/pages/about/about']);
  });
});
