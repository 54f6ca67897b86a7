import { deviceId, fetchRemoteEntries } from './remote-entries';

describe('fetchRemoteEntries', () => {
  const origin = 'https://app.example.com';
  let asked: string[];

  beforeEach(() => {
    localStorage.clear();
    asked = [];
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      asked.push(String(url));
      return { ok: true, json: async () => ({ account: 'https://cdn.example.com/account/1.0.1/remoteEntry.js' }) };
    }) as unknown as typeof fetch;
  });

  it('sends the device id it keeps, the same on every start, for a canary that stays put', async () => {
    const entries = await fetchRemoteEntries(origin);
    await fetchRemoteEntries(origin);
    const id = deviceId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(asked).toEqual([`${origin}/remotes.json?device=${id}`, `${origin}/remotes.json?device=${id}`]);
    expect(entries).toEqual({
      create: `${origin}/remotes/create/remoteEntry.js`,
      account: 'https://cdn.example.com/account/1.0.1/remoteEntry.js',
      auth: `${origin}/remotes/auth/remoteEntry.js`,
    });
  });

  it('replaces a stored id that is not one it made', async () => {
    localStorage.setItem('app.deviceId', 'x;y');
    await fetchRemoteEntries(origin);
    expect(localStorage.getItem('app.deviceId')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('falls back to the entries it last read (builds live in folders of their own), else to the fixed defaults', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect((await fetchRemoteEntries(origin)).create).toBe(`${origin}/remotes/create/remoteEntry.js`);
    global.fetch = jest.fn(async () => ({
      ok: true,
      json: async () => ({ create: '/remotes/create/1.0.0-aaaaaaaaaa/remoteEntry.js', account: '/remotes/account/1.0.0-bbbbbbbbbb/remoteEntry.js', auth: '/remotes/auth/1.0.0-cccccccccc/remoteEntry.js' }),
    })) as unknown as typeof fetch;
    const read = await fetchRemoteEntries(origin);
    global.fetch = jest.fn(async () => ({ ok: false, json: async () => ({}) })) as unknown as typeof fetch;
    expect(await fetchRemoteEntries(origin)).toEqual(read);
    expect(read.create).toBe(`${origin}/remotes/create/1.0.0-aaaaaaaaaa/remoteEntry.js`);
  });
});
