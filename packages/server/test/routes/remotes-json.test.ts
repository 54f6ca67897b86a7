import { buildTestApp } from '../helpers/build-test-app.js';
import { removeTempDirs } from '../helpers/temp-dirs.js';

async function getRemotes(env: Record<string, string> = {}) {
  const { app } = await buildTestApp(env);
  try {
    return await app.inject({ method: 'GET', url: '/remotes.json' });
  } finally {
    await app.close();
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
  ])('takes %s for %s and leaves the others alone', async (variable, name) => {
    const url = `https://${name}.cdn.example.com/v2/remoteEntry.js`;
    const res = await getRemotes({ [variable]: url });
    expect(res.json()).toEqual({
      create: '/remotes/create/remoteEntry.js',
      account: '/remotes/account/remoteEntry.js',
      auth: '/remotes/auth/remoteEntry.js',
      [name]: url,
    });
  });
});
