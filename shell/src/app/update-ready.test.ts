import type { RemoteEntries } from '../federation/remote-entries';
import { registryNow, UpdateCheck } from './update-ready';

const X: RemoteEntries = {
  create: 'https://app.example.com/remotes/create/1.0.0-aaaaaaaaaa/remoteEntry.js',
  account: 'https://app.example.com/remotes/account/1.0.0-bbbbbbbbbb/remoteEntry.js',
  auth: 'https://app.example.com/remotes/auth/1.0.0-cccccccccc/remoteEntry.js',
};
const Y: RemoteEntries = { ...X, account: 'https://app.example.com/remotes/account/1.1.0-dddddddddd/remoteEntry.js' };

describe('UpdateCheck', () => {
  it('finds a new build when the registry names another entry for any remote, and none when it names the same', async () => {
    let registry: RemoteEntries | null = X;
    let now = 0;
    const check = new UpdateCheck(Promise.resolve(X), async () => registry, 1000, () => now);
    await expect(check.check()).resolves.toBe(false);
    registry = Y;
    now = 1000;
    await expect(check.check()).resolves.toBe(true);
  });

  it('asks at most once per interval, and once for calls made while it asks', async () => {
    let now = 0;
    const read = jest.fn(async () => Y);
    const check = new UpdateCheck(Promise.resolve(X), read, 1000, () => now);
    const [first, second] = await Promise.all([check.check(), check.check()]);
    expect([first, second]).toEqual([true, true]);
    now = 999;
    await expect(check.check()).resolves.toBe(false);
    expect(read).toHaveBeenCalledTimes(1);
    now = 1999;
    await expect(check.check()).resolves.toBe(true);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('concludes nothing when the registry cannot be read', async () => {
    const check = new UpdateCheck(Promise.resolve(X), async () => null, 0);
    await expect(check.check()).resolves.toBe(false);
  });
});

describe('registryNow', () => {
  const origin = 'https://app.example.com';
  const answer = (ok: boolean, body: unknown) => {
    global.fetch = jest.fn(async () => ({ ok, json: async () => body })) as unknown as typeof fetch;
  };

  it('reads every remote\'s entry for this device, as absolute addresses', async () => {
    answer(true, { create: '/remotes/create/1.0.0-aaaaaaaaaa/remoteEntry.js', account: X.account, auth: X.auth });
    await expect(registryNow(origin)).resolves.toEqual(X);
    expect(String((global.fetch as jest.Mock).mock.calls[0][0])).toMatch(/^https:\/\/app\.example\.com\/remotes\.json\?device=[0-9a-f]{32}$/);
  });

  it('is null when the answer is an error or lacks a remote (never a false 新版本)', async () => {
    answer(false, {});
    await expect(registryNow(origin)).resolves.toBeNull();
    answer(true, { create: X.create, account: X.account });
    await expect(registryNow(origin)).resolves.toBeNull();
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(registryNow(origin)).resolves.toBeNull();
  });
});
