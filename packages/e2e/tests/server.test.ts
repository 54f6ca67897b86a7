import { baseUrl } from '../src/browser';

/** The real server process as the browser sees it (the server's own suite covers the details). */
describe('the server behind the apps', () => {
  it('says where each remote lives', async () => {
    const res = await fetch(`${baseUrl()}/remotes.json`);
    expect(await res.json()).toEqual({
      create: '/remotes/create/remoteEntry.js',
      account: '/remotes/account/remoteEntry.js',
      auth: '/remotes/auth/remoteEntry.js',
    });
  });

  it('serves the remote entries with CORS and without long caching', async () => {
    for (const name of ['create', 'account', 'auth']) {
      const res = await fetch(`${baseUrl()}/remotes/${name}/remoteEntry.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers its health, version and sample calls', async () => {
    expect((await fetch(`${baseUrl()}/healthz`)).status).toBe(200);
    const version = await (await fetch(`${baseUrl()}/api/v1/version/get_version_info`)).json();
    expect(version).toMatchObject({ rspCode: 0, data: { version: '1.0.0' } });
    expect(await (await fetch(`${baseUrl()}/foo?name=x`)).json()).toEqual({ rspCode: 0, rspMsg: '成功', data: { name: 'x' } });
  });
});
