import { buildApp } from '../../src/app.js';
import { openMigratedPglite } from '../helpers/migrated.js';
import { testConfig } from '../helpers/engines.js';
import { removeTempDirs } from '../helpers/temp-dirs.js';

/** /remotes.json of a server started with `env` on a database of its own (REMOTE_*_URL are the registry's first values). */
async function getRemotes(env: Record<string, string> = {}) {
  const database = await openMigratedPglite();
  const app = await buildApp(testConfig(env), { database });
  try {
    return await app.inject({ method: 'GET', url: '/remotes.json' });
  } finally {
    await app.close();
    await database.close();
  }
}

describe('GET /remotes.json', () => {
  afterAll(removeTempDirs);

  it('points at the remotes this server hosts by default', async () => {
    const res = await getRemotes();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      create: '/remotes/create/remoteEntry.js',
      account: '/remotes/account/remoteEntry.js',
      auth: '/remotes/auth/remoteEntry.js',
    });
  });

  it.each([
    ['REMOTE_CREATE_URL', 'create'],
    ['REMOTE_ACCOUNT_URL', 'account'],
    ['REMOTE_AUTH_URL', 'auth'],
  ])('takes %s for %s on a first start and leaves the others alone', async (variable, name) => {
    const url = `https://${name}.cdn.example.com/v2/remoteEntry.js`;
    const res = await getRemotes({ [variable]: url });
    expect(res.json()).toEqual({
      create: '/remotes/create/remoteEntry.js',
      account: '/remotes/account/remoteEntry.js',
      auth: '/remotes/auth/remoteEntry.js',
      [name]: url,
    });
  });

  it('says overrides are allowed only when ALLOW_REMOTE_OVERRIDE is on', async () => {
    expect((await getRemotes({ ALLOW_REMOTE_OVERRIDE: '1' })).json()).toEqual({
      create: '/remotes/create/remoteEntry.js',
      account: '/remotes/account/remoteEntry.js',
      auth: '/remotes/auth/remoteEntry.js',
      overrides: true,
    });
    expect((await getRemotes({ ALLOW_REMOTE_OVERRIDE: '0' })).json()).not.toHaveProperty('overrides');
  });
});
