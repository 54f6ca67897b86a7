import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { describeEngines, uniquePhone } from '../helpers/engines.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp-dirs.js';
import { signedInUser } from '../helpers/users.js';
import { audioFile } from '../helpers/audio-fixtures.js';
import { TSX_NODE_ARGS } from '../helpers/processes.js';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const CLI = path.join(ROOT, 'packages', 'server', 'src', 'cli', 'admin.ts');
const ADMIN_TOKEN = 'admin-token-for-the-cli-tests';
const CODE_LINE = /^[A-HJ-NP-Z2-9]{16}$/;

// Each run starts a process (tsx's loader compiles on the fly): allow for a loaded machine.
jest.setTimeout(60_000);
afterAll(removeTempDirs);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command line as an operator would, with only the environment given here. */
function admin(args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<Run> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['ADMIN_URL', 'ADMIN_TOKEN', 'PORT', 'DATA_DIR'].includes(name)),
  );
  return new Promise((resolve) => {
    execFile(process.execPath, [...TSX_NODE_ARGS, CLI, ...args], { cwd, env: { ...inherited, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run admin, without a server', () => {
  it('prints the usage for --help', async () => {
    const run = await admin(['--help']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('用法：npm run admin -- <命令>');
    for (const command of ['codes create', 'codes list', 'codes disable', 'points grant', 'users show', 'users reset-password', 'templates add', 'music add', 'music list', 'music remove']) {
      expect(run.stdout).toContain(command);
    }
  });

  // Every argument rule is in admin-args.test.ts; here, that such errors exit 2 with the usage.
  it.each([
    [['codes', 'print'], '未知命令：codes print'],
    [['points', 'grant', '13800138000', '1.5', '--reason', 'x'], 'N 应为整数：1.5'],
  ])('exits 2 with the usage for %j', async (args, message) => {
    const run = await admin(args, { ADMIN_TOKEN });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('用法：');
  });

  it('exits 1 when no server answers', async () => {
    const port = await closedPort();
    const run = await admin(['codes', 'list'], { ADMIN_TOKEN, PORT: String(port) });
    expect(run).toEqual({ code: 1, stdout: '', stderr: `无法连接服务器 http://127.0.0.1:${port}，请先 npm start\n` });
  });

  it('exits 1 when there is no token: neither ADMIN_TOKEN nor DATA_DIR/admin-token', async () => {
    const cwd = makeTempDir();
    const run = await admin(['codes', 'list'], { DATA_DIR: 'state' }, cwd);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`找不到管理令牌 ${path.join(cwd, 'state', 'admin-token')}`);
  });
});

describeEngines(
  'npm run admin, against a running server',
  (ctx) => {
    let url: string;
    beforeAll(async () => {
      url = await ctx.app().listen({ port: 0, host: '127.0.0.1' });
    });
    const run = (args: string[], env: Record<string, string> = {}) => admin(args, { ADMIN_URL: url, ADMIN_TOKEN, ...env });

    it('codes create prints only the new codes, one per line, and they redeem', async () => {
      const created = await run(['codes', 'create', '--points', '30', '--days', '7', '--count', '5', '--note', '渠道 B']);
      expect(created.code).toBe(0);
      const lines = created.stdout.split('\n').filter((line) => line !== '');
      expect(created.stdout).toBe(`${lines.join('\n')}\n`);
      expect(lines).toHaveLength(5);
      for (const line of lines) expect(line).toMatch(CODE_LINE);
      expect(created.stderr).toMatch(/^已生成 5 个激活码（批次 \d+）\n$/);

      const { token } = await signedInUser(ctx.db());
      for (const [i, code] of lines.entries()) {
        const res = await ctx.post('/api/v1/activationCode/activate', { token, code });
        expect(res.body).toMatchObject({ rspCode: 0, data: { points: 30, days: 7, createNum: 30 * (i + 1) } });
      }
    });

    it('codes create --ends keeps the codes usable to the end of that day', async () => {
      const created = await run(['codes', 'create', '--points', '1', '--days', '0', '--count', '1', '--ends', '2099-12-31']);
      expect(created.code).toBe(0);
      const list = await ctx.post('/admin/api/codes/list', { pageSize: 1 }, { authorization: `Bearer ${ADMIN_TOKEN}` });
      expect(list.body.data.list[0]).toMatchObject({ code: created.stdout.trim(), endsAt: new Date(2100, 0, 1).getTime() });
    });

    it('codes create passes on what the server refuses, with exit 2', async () => {
      const run1 = await run(['codes', 'create', '--points', '0', '--days', '0', '--count', '1']);
      expect(run1).toEqual({ code: 2, stdout: '', stderr: '积分和会员天数不能都为 0\n' });
      const run2 = await run(['codes', 'create', '--points', '1', '--days', '0', '--count', '20000']);
      expect(run2).toEqual({ code: 2, stdout: '', stderr: '数量不能大于 10000\n' });
    });

    it('codes list shows the batches, and with --batch each code with its status and redeemer', async () => {
      const created = await run(['codes', 'create', '--points', '5', '--days', '0', '--count', '3', '--note', '列表测试']);
      const batchId = /批次 (\d+)/.exec(created.stderr)![1]!;
      const [used, disabled, unused] = created.stdout.trim().split('\n') as [string, string, string];
      const { user, token } = await signedInUser(ctx.db());
      expect((await ctx.post('/api/v1/activationCode/activate', { token, code: used })).body.rspCode).toBe(0);
      expect(await run(['codes', 'disable', disabled.toLowerCase()])).toEqual({ code: 0, stdout: `已停用 ${disabled}\n`, stderr: '' });

      const batches = await run(['codes', 'list']);
      expect(batches.code).toBe(0);
      const [header, ...rows] = batches.stdout.trim().split('\n');
      expect(header?.split(/\s+/)).toEqual(['批次', '积分', '天数', '数量', '未使用', '已使用', '已停用', '已过期', '截止', '创建时间', '备注']);
      const row = rows.find((line) => line.startsWith(`${batchId} `));
      expect(row?.split(/\s+/).slice(0, 9)).toEqual([batchId, '5', '0', '3', '1', '1', '1', '0', '不限']);
      expect(row).toMatch(/列表测试$/);

      const codes = await run(['codes', 'list', '--batch', batchId]);
      expect(codes.code).toBe(0);
      const lines = codes.stdout.trim().split('\n');
      expect(lines[0]?.split(/\s+/)).toEqual(['激活码', '状态', '兑换人', '兑换时间', '停用时间']);
      expect(lines).toHaveLength(4);
      expect(lines.find((l) => l.startsWith(used))).toMatch(new RegExp(`^${used}\\s+已使用\\s+${user.phone}\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`));
      expect(lines.find((l) => l.startsWith(disabled))).toMatch(/已停用\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(lines.find((l) => l.startsWith(unused))).toMatch(new RegExp(`^${unused}\\s+未使用$`));

      expect(await run(['codes', 'list', '--batch', '999999999'])).toEqual({ code: 1, stdout: '', stderr: '批次不存在\n' });
    });

    it('codes disable stops a code; a used one cannot be disabled (exit 1)', async () => {
      const code = (await run(['codes', 'create', '--points', '1', '--days', '0', '--count', '1'])).stdout.trim();
      const { token } = await signedInUser(ctx.db());
      expect((await run(['codes', 'disable', code])).code).toBe(0);
      expect((await ctx.post('/api/v1/activationCode/activate', { token, code })).body).toEqual({ rspCode: 5, rspMsg: '激活码已停用' });

      const other = (await run(['codes', 'create', '--points', '1', '--days', '0', '--count', '1'])).stdout.trim();
      expect((await ctx.post('/api/v1/activationCode/activate', { token, code: other })).body.rspCode).toBe(0);
      expect(await run(['codes', 'disable', other])).toEqual({ code: 1, stdout: '', stderr: '激活码已被使用，不能停用\n' });
    });

    it('points grant adds and (with a negative N) takes points, never below 0', async () => {
      const { user } = await signedInUser(ctx.db(), { points: 10 });
      expect(await run(['points', 'grant', user.phone, '25', '--reason', '活动奖励'])).toEqual({
        code: 0,
        stdout: `${user.phone} 积分 +25（活动奖励），余额 35\n`,
        stderr: '',
      });
      expect(await run(['points', 'grant', user.phone, '-5', '--reason', '误发收回'])).toEqual({
        code: 0,
        stdout: `${user.phone} 积分 -5（误发收回），余额 30\n`,
        stderr: '',
      });
      expect(await run(['points', 'grant', user.phone, '-31', '--reason', '收回'])).toEqual({ code: 1, stdout: '', stderr: '积分不足\n' });
      expect(await run(['points', 'grant', uniquePhone(), '5', '--reason', '奖励'])).toEqual({ code: 1, stdout: '', stderr: '用户不存在\n' });
      expect(await run(['points', 'grant', '12345', '5', '--reason', '奖励'])).toEqual({ code: 2, stdout: '', stderr: '手机号格式不正确\n' });
    });

    it('templates add makes a template the app lists', async () => {
      const added = await run([
        'templates', 'add', '--title', '雨夜街头', '--category', 'CLI分类', '--style', '电影感', '--duration', '15', '--aspect', '16:9',
        '--description', '霓虹倒影', '--sort', '-3', '--params', '{"colors":["#000000"]}',
        '--cover', '/files/templates/rain.jpg', '--video', '/files/templates/rain.mp4',
      ]);
      expect(added.code).toBe(0);
      const id = /^已添加模板 (\d+)：雨夜街头\n$/.exec(added.stdout)?.[1];
      expect(id).toBeDefined();
      expect((await ctx.post('/api/v1/sysVideo/detail', { id })).body.data).toEqual({
        id,
        title: '雨夜街头',
        description: '霓虹倒影',
        category: 'CLI分类',
        style: '电影感',
        coverUrl: '/files/templates/rain.jpg',
        coverThumbUrl: '/thumbs/templates/rain.jpg',
        videoUrl: '/files/templates/rain.mp4',
        duration: 15,
        aspectRatio: '16:9',
        sort: -3,
      });
      // Without URLs the server renders the sample first, and says so.
      const rendered = await run(['templates', 'add', '--title', '待渲染', '--category', 'CLI分类', '--style', '简约', '--duration', '5', '--aspect', '9:16']);
      expect(rendered).toMatchObject({ code: 0, stderr: '' });
      expect(rendered.stdout).toMatch(/^已添加模板 \d+：待渲染（样片由服务器渲染，存好后出现在 App 首页）\n$/);
      const half = await run(['templates', 'add', '--title', 't', '--category', 'c', '--style', 's', '--duration', '15', '--aspect', '9:16', '--video', '/v.mp4']);
      expect(half).toEqual({ code: 2, stdout: '', stderr: '封面地址和视频地址要么都给，要么都不给（都不给时由服务器渲染样片）\n' });
      const refused = await run(['templates', 'add', '--title', 't', '--category', 'c', '--style', 's', '--duration', '15', '--aspect', '4:3']);
      expect(refused).toEqual({ code: 2, stdout: '', stderr: '画面比例只能是 9:16、16:9、1:1\n' });
    });

    it('music add uploads a file relative to where npm was started, list shows it, remove takes it away', async () => {
      const cwd = makeTempDir();
      writeFileSync(path.join(cwd, '晨光.m4a'), audioFile('m4a', 2));
      const added = await run(['music', 'add', '晨光.m4a', '--title', '晨光', '--mood', 'family'], { INIT_CWD: cwd });
      expect(added).toMatchObject({ code: 0, stderr: '' });
      const [, id] = /^已添加曲目 (\d+)：晨光（温暖亲子，0:02）\n$/.exec(added.stdout) ?? [];
      expect(id).toBeDefined();

      const listed = await run(['music', 'list']);
      const [header, ...rows] = listed.stdout.trim().split('\n');
      expect(header?.split(/\s+/)).toEqual(['ID', '标题', '情绪', '时长', '大小', '类型', '添加时间']);
      expect(rows.find((row) => row.startsWith(`${id} `))?.split(/\s+/).slice(0, 4)).toEqual([id, '晨光', 'family', '0:02']);
      const offered = await ctx.post('/api/v1/video_task/music', {});
      expect(offered.body.data.list).toContainEqual(expect.objectContaining({ id: `track:${id}`, title: '晨光', kind: 'track' }));

      expect(await run(['music', 'remove', id!])).toEqual({ code: 0, stdout: `已删除曲目 ${id}\n`, stderr: '' });
      expect(await run(['music', 'remove', id!])).toEqual({ code: 1, stdout: '', stderr: '曲目不存在\n' });
    });

    it('music add refuses what is not music, and a missing file, in words', async () => {
      const cwd = makeTempDir();
      writeFileSync(path.join(cwd, 'fake.mp3'), 'not music');
      expect(await run(['music', 'add', 'fake.mp3', '--title', '假的', '--mood', 'tech'], { INIT_CWD: cwd })).toEqual({
        code: 2,
        stdout: '',
        stderr: '音频格式不支持，请上传 mp3、m4a、aac 或 wav\n',
      });
      const missing = await run(['music', 'add', 'none.mp3', '--title', '无', '--mood', 'tech'], { INIT_CWD: cwd });
      expect(missing).toEqual({ code: 2, stdout: '', stderr: `找不到文件 ${path.join(cwd, 'none.mp3')}\n` });
    });

    it('users reset-password prints a one-time password that must be replaced at sign-in; users show tells the account', async () => {
      const phone = uniquePhone();
      const signUp = await ctx.post('/api/v1/account/login_or_register', { phone, password: 'first-pass1' });
      expect(signUp.body.rspCode).toBe(0);

      const reset = await run(['users', 'reset-password', phone]);
      expect(reset.code).toBe(0);
      expect(reset.stdout).toMatch(/^[a-z2-9]{10}\n$/);
      expect(reset.stderr).toContain(`${phone} 的一次性密码`);
      const oneTime = reset.stdout.trim();
      // The old session ended; the one-time password signs in to nothing but 设置新密码.
      expect((await ctx.post('/api/v1/account/getAccountInfo', { token: signUp.body.data.token })).body.rspCode).toBe(6);
      const login = await ctx.post('/api/v1/account/login_or_register', { phone, password: oneTime });
      expect(login.body.data.mustChangePassword).toBe(true);

      const waiting = await run(['users', 'show', phone]);
      expect(waiting.code).toBe(0);
      expect(waiting.stdout).toContain('登录方式：一次性密码（登录后须设置新密码）');

      const token = login.body.data.token;
      expect((await ctx.post('/api/v1/account/change_password', { token, oldPassword: oneTime, newPassword: 'mine-again2' })).body.rspCode).toBe(0);
      const shown = await run(['users', 'show', phone]);
      expect(shown.code).toBe(0);
      const lines = shown.stdout.trim().split('\n');
      expect(lines).toEqual([
        expect.stringMatching(/^用户：\d+（用户\d{4}）$/),
        `手机号：${phone}`,
        '状态：正常',
        '积分余额：10',
        '会员到期：未开通',
        '视频：排队中 0，生成中 0，已完成 0，失败 0，已取消 0',
        expect.stringMatching(/^注册时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        '登录方式：密码',
        '有效登录：1 个',
      ]);
    });

    it('users show and reset-password: an unknown phone exits 1, a malformed one 2', async () => {
      expect(await run(['users', 'show', uniquePhone()])).toEqual({ code: 1, stdout: '', stderr: '用户不存在\n' });
      const malformed = await run(['users', 'reset-password', '12345']);
      expect(malformed.code).toBe(2);
      expect(malformed.stderr).toContain('PHONE 应为 11 位手机号：12345');
    });

    it('finds the server through PORT and the token in DATA_DIR/admin-token, relative to the working directory', async () => {
      const cwd = makeTempDir();
      mkdirSync(path.join(cwd, 'state'));
      writeFileSync(path.join(cwd, 'state', 'admin-token'), `${ADMIN_TOKEN}\n`);
      const port = new URL(url).port;
      const listed = await admin(['codes', 'list'], { PORT: port, DATA_DIR: 'state' }, cwd);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(/^批次/);
    });

    it('exits 1 with the server’s message when the token is wrong', async () => {
      const wrong = await run(['codes', 'list'], { ADMIN_TOKEN: 'not-the-admin-token' });
      expect(wrong).toEqual({ code: 1, stdout: '', stderr: '管理令牌无效（令牌来自 ADMIN_TOKEN，须与服务器的一致）\n' });
    });
  },
  { ADMIN_TOKEN },
);

