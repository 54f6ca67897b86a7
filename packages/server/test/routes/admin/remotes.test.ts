import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.js';
import { inCanary } from '../../../src/modules/remotes/registry.js';
import { describeEngines, testConfig } from '../../helpers/engines.js';
import { manifestOf, startFileServer, writeShellBuild } from '../../helpers/remote-builds.js';
import { makeTempDir, removeTempDirs, writeFiles } from '../../helpers/temp-dirs.js';

const ADMIN_TOKEN = 'admin-token-for-the-remotes-tests';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const ACCOUNT_PAGES = ['./Mine', './Profile', './PointsRecord'];

const webRoot = makeTempDir();
writeShellBuild(webRoot);
// The remote-account this server hosts itself (/remotes/account/).
writeFiles(webRoot, {
  'remote-account/dist/mf-manifest.json': manifestOf({ container: 'remoteAccount', version: '1.0.0', exposes: ACCOUNT_PAGES }),
  'remote-account/dist/remoteEntry.js': '/* remoteAccount */',
});
const env: Record<string, string> = { ADMIN_TOKEN, WEB_ROOT: webRoot };

let cdn: Awaited<ReturnType<typeof startFileServer>>;
beforeAll(async () => {
  const account = (version: string, extra: Partial<Parameters<typeof manifestOf>[0]> = {}) =>
    manifestOf({ container: 'remoteAccount', version, exposes: ACCOUNT_PAGES, ...extra });
  cdn = await startFileServer({
    '/account/1.1.0/mf-manifest.json': account('1.1.0'),
    '/account/1.2.0/mf-manifest.json': account('1.2.0'),
    '/account/1.3.0/mf-manifest.json': account('1.3.0'),
    '/account/newer-shared/mf-manifest.json': account('2.0.0', { shared: { react: '^19.3.1', '@app/shared': '^1.1.0' }, exposes: ['./Profile'] }),
    '/account/not-json/mf-manifest.json': '<html>',
    '/account/other/mf-manifest.json': manifestOf({ container: 'remoteCreate', version: '1.0.0', exposes: ACCOUNT_PAGES }),
    '/create/1.1.0/mf-manifest.json': manifestOf({ container: 'remoteCreate', version: '1.1.0', exposes: ['./Home'] }),
  });
});
afterAll(async () => {
  await cdn?.close();
  removeTempDirs();
});

/** 200 device ids, the same in every run. */
const DEVICES = Array.from({ length: 200 }, (_, i) => `device-${String(i).padStart(4, '0')}`);

describeEngines(
  'the remotes registry',
  (ctx) => {
    const post = (url: string, body: Record<string, unknown> = {}, headers: Record<string, string> = admin) => ctx.post(url, body, headers);
    const remotesJson = async (device?: string) => {
      const res = await ctx.app().inject({ method: 'GET', url: `/remotes.json${device === undefined ? '' : `?device=${device}`}` });
      expect(res.statusCode).toBe(200);
      return res.json() as Record<string, string>;
    };
    const list = async () => (await post('/admin/api/remotes/list')).body.data.list as { name: string; [key: string]: unknown }[];
    const account = async () => (await list()).find((r) => r.name === 'account')!;
    const url = (path: string) => `${cdn.origin}${path}`;
    const rows = async <T,>(query: SQL) => ((await ctx.db().execute(query)) as unknown as { rows: T[] }).rows;

    it('starts from REMOTE_*_URL and the remotes this server hosts', async () => {
      expect(await remotesJson()).toEqual({
        create: '/remotes/create/remoteEntry.js',
        account: '/remotes/account/remoteEntry.js',
        auth: 'https://auth.cdn.example.com/v1/remoteEntry.js',
      });
      const remotes = await list();
      expect(remotes.map((r) => [r.name, r.action, r.setBy, r.canary])).toEqual([
        ['account', 'initial', 'default', null],
        ['auth', 'initial', 'REMOTE_AUTH_URL', null],
        ['create', 'initial', 'default', null],
      ]);
    });

    it('refuses, changing nothing, what fails the gate, naming each problem', async () => {
      const before = await list();
      const refusals: [string, string][] = [
        [
          url('/account/newer-shared/mf-manifest.json'),
          '未通过兼容检查：共享模块 @app/shared 要求 ^1.1.0，shell 提供的是 1.0.0；shell 路由到的页面 ./Mine 没有暴露',
        ],
        [url('/account/missing/mf-manifest.json'), `未通过兼容检查：取不到清单 ${url('/account/missing/mf-manifest.json')}：HTTP 404`],
        [url('/account/not-json/remoteEntry.js'), `未通过兼容检查：清单 ${url('/account/not-json/mf-manifest.json')} 不是 JSON`],
        [url('/account/other/mf-manifest.json'), '未通过兼容检查：清单是 remoteCreate 的，不是 account 的（应为 remoteAccount）'],
        ['http://127.0.0.1:9/mf-manifest.json', '未通过兼容检查：取不到清单 http://127.0.0.1:9/mf-manifest.json：fetch failed'],
      ];
      for (const [given, message] of refusals) {
        const res = await post('/admin/api/remotes/account/set', { url: given });
        expect([given, res.status, res.body]).toEqual([given, 200, { rspCode: 2, rspMsg: message }]);
      }
      expect(await list()).toEqual(before);
    });

    it('sets a build for everyone: its remoteEntry.js beside the manifest, its version, who set it', async () => {
      const res = await post('/admin/api/remotes/account/set', { url: url('/account/1.1.0/mf-manifest.json') });
      expect(res.body.rspCode).toBe(0);
      expect(res.body.data).toMatchObject({ name: 'account', version: '1.1.0', entry: url('/account/1.1.0/remoteEntry.js'), action: 'set', setBy: 'admin', canary: null });
      expect((await remotesJson()).account).toBe(url('/account/1.1.0/remoteEntry.js'));
      expect(await account()).toEqual(res.body.data);
      // The page may now load scripts from that origin.
      const csp = String((await ctx.app().inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
      expect(csp).toMatch(new RegExp(`script-src [^;]*${cdn.origin}`));
    });

    it('canaries a build to a stable share of devices, then promotes it', async () => {
      const canary = url('/account/1.2.0/remoteEntry.js');
      const stable = url('/account/1.1.0/remoteEntry.js');
      const res = await post('/admin/api/remotes/account/set', { url: canary, percent: 30 });
      expect(res.body.data).toMatchObject({ version: '1.1.0', canary: { url: canary, entry: canary, version: '1.2.0', percent: 30 }, action: 'canary' });

      const got = await Promise.all(DEVICES.map(async (device) => (await remotesJson(device)).account));
      expect(got).toEqual(DEVICES.map((device) => (inCanary(device, 30) ? canary : stable)));
      const share = got.filter((entry) => entry === canary).length / DEVICES.length;
      expect(share).toBeGreaterThan(0.15);
      expect(share).toBeLessThan(0.45);
      // Stable per device, and no device id: the stable build.
      expect((await remotesJson(DEVICES[0])).account).toBe(got[0]);
      expect((await remotesJson()).account).toBe(stable);

      const promoted = await post('/admin/api/remotes/account/promote');
      expect(promoted.body.data).toMatchObject({ version: '1.2.0', entry: canary, canary: null, action: 'promote' });
      expect(new Set(await Promise.all(DEVICES.slice(0, 20).map(async (d) => (await remotesJson(d)).account)))).toEqual(new Set([canary]));
      expect((await post('/admin/api/remotes/account/promote')).body).toEqual({ rspCode: 2, rspMsg: '没有进行中的灰度' });
    });

    it('rolls back: a canary is dropped first, then each rollback goes one build further back, to the first value', async () => {
      await post('/admin/api/remotes/account/set', { url: url('/account/1.3.0/mf-manifest.json'), percent: 50 });
      expect((await post('/admin/api/remotes/account/rollback')).body.data).toMatchObject({ version: '1.2.0', canary: null, action: 'rollback' });
      expect((await post('/admin/api/remotes/account/rollback')).body.data).toMatchObject({ version: '1.1.0', canary: null });
      expect((await post('/admin/api/remotes/account/rollback')).body.data).toMatchObject({ url: '/remotes/account/remoteEntry.js', version: '1.0.0', setBy: 'admin' });
      expect((await remotesJson()).account).toBe('/remotes/account/remoteEntry.js');
      expect((await post('/admin/api/remotes/account/rollback')).body).toEqual({ rspCode: 2, rspMsg: '没有更早的版本可以回滚' });
    });

    it('takes a build this server hosts, by its path', async () => {
      const res = await post('/admin/api/remotes/account/set', { url: '/remotes/account/mf-manifest.json' });
      expect(res.body.data).toMatchObject({ url: '/remotes/account/mf-manifest.json', entry: '/remotes/account/remoteEntry.js', version: '1.0.0', action: 'set' });
      expect((await remotesJson()).account).toBe('/remotes/account/remoteEntry.js');
    });

    it('gives deploy tokens that change their own remote only', async () => {
      const issued = await post('/admin/api/remotes/account/token');
      const token = issued.body.data.token as string;
      expect(token).toMatch(/^dt_account_/);
      const deploy = { authorization: `Bearer ${token}` };

      const set = await post('/admin/api/remotes/account/set', { url: url('/account/1.1.0/mf-manifest.json'), percent: 10 }, deploy);
      expect(set.body.data).toMatchObject({ setBy: 'deploy:account', canary: { version: '1.1.0', percent: 10 } });
      expect((await post('/admin/api/remotes/account/promote', {}, deploy)).body.data).toMatchObject({ setBy: 'deploy:account', version: '1.1.0' });
      expect((await post('/admin/api/remotes/account/rollback', {}, deploy)).body.rspCode).toBe(0);

      const before = await list();
      const other = await post('/admin/api/remotes/create/set', { url: url('/create/1.1.0/mf-manifest.json') }, deploy);
      expect([other.status, other.body]).toEqual([401, { msg: '这个部署令牌只能改 account' }]);
      for (const [path, body] of [
        ['/admin/api/remotes/list', {}],
        ['/admin/api/remotes/account/token', {}],
        ['/admin/api/points/grant', { phone: '13800138000', change: 5, reason: '奖励' }],
      ] as const) {
        expect([path, (await post(path, body, deploy)).status]).toEqual([path, 401]);
      }
      const wrong = await post('/admin/api/remotes/account/set', { url: url('/account/1.1.0/mf-manifest.json') }, { authorization: `Bearer ${token}x` });
      expect([wrong.status, wrong.body]).toEqual([401, { msg: '令牌无效' }]);
      expect((await post('/admin/api/remotes/account/set', { url: url('/account/1.1.0/mf-manifest.json') }, {})).body).toEqual({ msg: '缺少管理令牌或部署令牌' });
      expect(await list()).toEqual(before);
    });

    it('applies a burst of concurrent changes one after the other, losing none', async () => {
      const [{ last } = { last: 0 }] = await rows<{ last: number }>(sql`SELECT max(id)::int AS last FROM remote_releases`);
      const versions = ['1.1.0', '1.2.0', '1.3.0'];
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post('/admin/api/remotes/account/set', { url: url(`/account/${versions[i % 3]}/mf-manifest.json`), ...(i % 2 === 0 ? { percent: 20 } : {}) }),
        ),
      );
      expect(answers.map((a) => [a.status, a.body.rspCode ?? a.body])).toEqual(Array(12).fill([200, 0]));
      // Twelve rows, each made on the state the one before left: a canary keeps the stable build
      // of the row before it, a set for everyone drops the canary.
      const history = await rows<{ id: number; action: string; url: string; canary_url: string | null }>(
        sql`SELECT id::int AS id, action, url, canary_url FROM remote_releases WHERE name = 'account' AND id > ${last} ORDER BY id`,
      );
      expect(history).toHaveLength(12);
      const [before] = await rows<{ url: string }>(sql`SELECT url FROM remote_releases WHERE id = (SELECT max(id) FROM remote_releases WHERE name = 'account' AND id <= ${last})`);
      history.forEach((row, i) => {
        const previous = i === 0 ? before!.url : history[i - 1]!.url;
        if (row.action === 'canary') expect(row.url).toBe(previous);
        else expect([row.action, row.canary_url]).toEqual(['set', null]);
      });
      const [pointer] = await rows<{ id: number }>(sql`SELECT release_id::int AS id FROM remotes WHERE name = 'account'`);
      expect(pointer!.id).toBe(history.at(-1)!.id);
      expect((await account()).url).toBe(history.at(-1)!.url);
    });

    it('reaches a second API process on the same database (which keeps the registry over its own REMOTE_*_URL) without a restart, and its answers never fail meanwhile', async () => {
      // REMOTE_*_URL are first values only: a process started later with another one follows the registry.
      const second: FastifyInstance = await buildApp(testConfig({ ...env, REMOTE_CREATE_URL: 'https://ignored.example.com/remoteEntry.js', ...(ctx.databaseUrl() && { DATABASE_URL: ctx.databaseUrl() }) }), {
        ...(ctx.engine === 'pglite' && { database: ctx.database() }),
      });
      try {
        await second.ready();
        const target = url('/create/1.1.0/remoteEntry.js');
        const seen = async () => {
          const res = await second.inject({ method: 'GET', url: '/remotes.json?device=device-0001' });
          expect(res.statusCode).toBe(200);
          return (res.json() as Record<string, string>).create;
        };
        expect(await seen()).toBe('/remotes/create/remoteEntry.js');
        expect((await post('/admin/api/remotes/create/set', { url: target })).body.rspCode).toBe(0);
        // Every answer meanwhile is a 200 (seen() checks it) until the change shows.
        while ((await seen()) !== target) await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        await second.close();
      }
    });
  },
  env,
  { ownConnection: true, defaults: { REMOTE_AUTH_URL: 'https://auth.cdn.example.com/v1/remoteEntry.js' } },
);
