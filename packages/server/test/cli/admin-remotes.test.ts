import { execFile } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/build-test-app.js';
import { manifestOf, startFileServer, writeShellBuild } from '../helpers/remote-builds.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp-dirs.js';
import { TSX_NODE_ARGS } from '../helpers/processes.js';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const CLI = path.join(ROOT, 'packages', 'server', 'src', 'cli', 'admin.ts');
const ADMIN_TOKEN = 'admin-token-for-the-remotes-cli-tests';

// Each run starts a process (tsx's loader compiles on the fly): allow for a loaded machine.
jest.setTimeout(120_000);

/** Runs the command line as a remote team or an operator would, with only the environment given here. */
function admin(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['ADMIN_URL', 'ADMIN_TOKEN', 'DEPLOY_TOKEN', 'PORT', 'DATA_DIR'].includes(name)),
  );
  return new Promise((resolve) => {
    execFile(process.execPath, [...TSX_NODE_ARGS, CLI, ...args], { cwd: makeTempDir(), env: { ...inherited, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run admin -- remotes', () => {
  let app: FastifyInstance;
  let url: string;
  let cdn: Awaited<ReturnType<typeof startFileServer>>;
  const pages = ['./Mine', './Profile'];

  beforeAll(async () => {
    cdn = await startFileServer({
      '/account/1.4.0/mf-manifest.json': manifestOf({ container: 'remoteAccount', version: '1.4.0', exposes: pages }),
      '/account/broken/mf-manifest.json': manifestOf({ container: 'remoteAccount', version: '1.5.0', exposes: ['./Mine'], shared: { react: '^20.0.0' } }),
    });
    const webRoot = makeTempDir();
    writeShellBuild(webRoot);
    ({ app } = await buildTestApp({ ADMIN_TOKEN, WEB_ROOT: webRoot }));
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await cdn?.close();
    removeTempDirs();
  });

  it('a remote team ships with its deploy token alone: canary, refused build, promote, rollback; list shows each step', async () => {
    const token = await admin(['remotes', 'token', 'account'], { ADMIN_URL: url, ADMIN_TOKEN });
    expect(token.code).toBe(0);
    expect(token.stdout.trim()).toMatch(/^dt_account_[\w-]{43}$/);
    const team = { ADMIN_URL: url, DEPLOY_TOKEN: token.stdout.trim() };

    const canary = await admin(['remotes', 'set', 'account', `${cdn.origin}/account/1.4.0/mf-manifest.json`, '--percent', '25'], team);
    expect(canary).toMatchObject({ code: 0, stdout: 'account：1.4.0 灰度 25% 的设备，其余仍是 /remotes/account/remoteEntry.js\n' });

    const refused = await admin(['remotes', 'set', 'account', `${cdn.origin}/account/broken/mf-manifest.json`], team);
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr: '未通过兼容检查：共享模块 react 要求 ^20.0.0，shell 提供的是 19.3.1；shell 路由到的页面 ./Profile 没有暴露\n',
    });

    const listed = await admin(['remotes', 'list'], { ADMIN_URL: url, ADMIN_TOKEN });
    const [header, ...rows] = listed.stdout.trim().split('\n');
    expect(header?.split(/\s+/)).toEqual(['远程模块', '版本', '地址', '灰度', '设置时间', '设置人', '近一小时加载失败']);
    const account = rows.find((row) => row.startsWith('account '))!.split(/\s+/);
    expect(account.slice(0, 6)).toEqual(['account', '?', '/remotes/account/remoteEntry.js', '1.4.0', '25%', `${cdn.origin}/account/1.4.0/mf-manifest.json`]);
    expect(account.slice(-4)).toEqual(['0', '/', '灰度', '0']);
    expect(account.at(-5)).toBe('deploy:account（灰度）');

    // Browsers on the canary report its pages failing: the list shows it before anyone promotes it.
    const reported = [
      { version: '1.4.0', kind: 'missing' },
      { version: '1.4.0', kind: 'missing' },
      { version: '1.4.0', kind: 'timeout' },
      { version: '', kind: 'network' },
    ];
    for (const { version, kind } of reported) {
      const res = await fetch(`${url}/api/v1/remotes/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ remote: 'account', version, page: 'pages/my/myIndex', kind }),
      });
      expect(res.status).toBe(200);
    }
    const watched = await admin(['remotes', 'list'], { ADMIN_URL: url, ADMIN_TOKEN });
    const [table, details] = watched.stdout.trim().split('\n\n');
    expect(table!.split('\n').find((row) => row.startsWith('account '))!.split(/\s+/).slice(-4)).toEqual(['1', '/', '灰度', '3']);
    expect(details!.split('\n').map((row) => row.split(/\s{2,}/))).toEqual([
      ['近一小时浏览器报告的加载失败：'],
      ['远程模块', '版本', '失败次数', '类型'],
      ['account', '?', '1', '连不上 1'],
      ['account', '1.4.0', '3', '文件不存在 2，超时 1'],
    ]);

    expect(await admin(['remotes', 'promote', 'account'], team)).toMatchObject({ code: 0, stdout: 'account：灰度转全量，所有人换成 1.4.0\n' });
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json().account).toBe(`${cdn.origin}/account/1.4.0/remoteEntry.js`);
    const otherRemote = await admin(['remotes', 'rollback', 'create'], team);
    expect(otherRemote).toEqual({ code: 1, stdout: '', stderr: '这个部署令牌只能改 account（令牌来自 DEPLOY_TOKEN）\n' });
    expect(await admin(['remotes', 'rollback', 'account'], team)).toMatchObject({
      code: 0,
      stdout: 'account：已回滚，所有人用 /remotes/account/remoteEntry.js（/remotes/account/remoteEntry.js）\n',
    });
  });
});
