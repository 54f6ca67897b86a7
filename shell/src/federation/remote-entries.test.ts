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
});
