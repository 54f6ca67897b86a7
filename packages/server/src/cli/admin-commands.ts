import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ADMIN_PAGE_SIZE_MAX,
  addMusicTrack,
  addTemplate,
  AUDIO_UPLOAD_MAX_SIZE,
  listMusicTracks,
  MUSIC_MOOD_TITLES,
  removeMusicTrack,
  type MusicMood,
  codeBatches,
  codeList,
  createCodes,
  disableCode,
  grantPoints,
  resetUserPassword,
  showUser,
  TASK_STATUSES,
  type TaskStatus,
  createDeployToken,
  listRemotes,
  promoteRemote,
  rollbackRemote,
  setRemote,
  type BodyOf,
  type LoadFailureKind,
  type CodeStatus,
  type PageOf,
} from '@app/contract';
import type { AdminCommand } from './admin-args.js';
import { CliError, type AdminClient } from './admin-client.js';
import { formatTable, formatTime } from './table.js';

/** What a command prints: `stdout` is the result (pipeable), `stderr` a note for the operator. */
export interface Output {
  stdout: string;
  stderr?: string;
}

const ACTION_NAMES = { initial: '初始值', set: '设置', canary: '灰度', promote: '转全量', rollback: '回滚' } as const;

const FAILURE_NAMES: Record<LoadFailureKind, string> = { missing: '文件不存在', network: '连不上', timeout: '超时', incompatible: '不兼容', crashed: '页面出错' };

const STATUS_NAMES: Record<CodeStatus, string> = { unused: '未使用', used: '已使用', disabled: '已停用', expired: '已过期' };

/**
 * `cwd`: where a file argument is relative to — the directory `npm run` was started in
 * (INIT_CWD), not the repository root npm runs the script from.
 */
export async function runCommand(
  command: Exclude<AdminCommand, { name: 'help' }>,
  client: AdminClient,
  cwd: string = process.env.INIT_CWD ?? process.cwd(),
): Promise<Output> {
  switch (command.name) {
    case 'codes create': {
      const { name: _, ...body } = command;
      const { batch, codes } = await client.call(createCodes, body);
      return { stdout: codes.join('\n'), stderr: `已生成 ${codes.length} 个激活码（批次 ${batch.id}）` };
    }
    case 'codes list':
      return command.batchId === undefined ? listBatches(client) : listCodes(client, command.batchId);
    case 'codes disable': {
      const code = await client.call(disableCode, { code: command.code });
      return { stdout: `已停用 ${code.code}` };
    }
    case 'points grant': {
      const { phone, change, reason } = command;
      const grant = await client.call(grantPoints, { phone, change, reason });
      const signed = grant.change > 0 ? `+${grant.change}` : String(grant.change);
      return { stdout: `${phone} 积分 ${signed}（${reason}），余额 ${grant.balance}` };
    }
    case 'users show':
      return showAccount(client, command.phone);
    case 'users reset-password': {
      const { password } = await client.call(resetUserPassword, { phone: command.phone });
      return {
        stdout: password,
        stderr: `${command.phone} 的一次性密码（只显示这一次；核实本人后告诉他，用它登录后须先设置新密码；他已有的登录都已结束）：`,
      };
    }
    case 'templates add': {
      const { name: _, ...body } = command;
      const template = await client.call(addTemplate, body as BodyOf<typeof addTemplate>); // an unknown --aspect: the server answers in words
      const pending = template.sampleStatus === 'pending' ? '（样片由服务器渲染，存好后出现在 App 首页）' : '';
      return { stdout: `已添加模板 ${template.id}：${template.title}${pending}` };
    }
    case 'music add': {
      const bytes = await readAudioFile(path.resolve(cwd, command.file));
      const query = { title: command.title, mood: command.mood as MusicMood }; // an unknown --mood: the server answers in words
      const track = await client.upload(addMusicTrack, query, bytes);
      return { stdout: `已添加曲目 ${track.id}：${track.title}（${MUSIC_MOOD_TITLES[track.mood]}，${formatSeconds(track.durationSeconds)}）` };
    }
    case 'music list': {
      const { list } = await client.call(listMusicTracks, {});
      if (list.length === 0) return { stdout: '还没有背景音乐曲目' };
      const rows = list.map((t) => [t.id, t.title, t.mood, formatSeconds(t.durationSeconds), formatSize(t.size), t.contentType, formatTime(t.createdAt)]);
      return { stdout: formatTable(['ID', '标题', '情绪', '时长', '大小', '类型', '添加时间'], rows) };
    }
    case 'music remove':
      await client.call(removeMusicTrack, { id: command.id });
      return { stdout: `已删除曲目 ${command.id}` };
    case 'remotes list': {
      const { list, failures } = await client.call(listRemotes, {});
      const failed = (name: string, version: string) =>
        failures.filter((f) => f.name === name && f.version === version).reduce((sum, f) => sum + f.count, 0);
      const rows = list.map((r) => [
        r.name,
        r.version || '?',
        r.url,
        r.canary ? `${r.canary.version || '?'} ${r.canary.percent}% ${r.canary.url}` : '',
        formatTime(r.setAt),
        `${r.setBy}（${ACTION_NAMES[r.action]}）`,
        // The version in use, and the canary's: a canary failing shows here before it is promoted.
        [String(failed(r.name, r.version)), ...(r.canary ? [`灰度 ${failed(r.name, r.canary.version)}`] : [])].join(' / '),
      ]);
      const table = formatTable(['远程模块', '版本', '地址', '灰度', '设置时间', '设置人', '近一小时加载失败'], rows);
      if (failures.length === 0) return { stdout: table };
      // Every version browsers reported, in use or not (an open tab may still run an older one).
      const byVersion = new Map<string, { name: string; version: string; total: number; kinds: string[] }>();
      for (const f of failures) {
        const key = `${f.name}\u0000${f.version}`;
        const row = byVersion.get(key) ?? { name: f.name, version: f.version, total: 0, kinds: [] };
        row.total += f.count;
        row.kinds.push(`${FAILURE_NAMES[f.kind]} ${f.count}`);
        byVersion.set(key, row);
      }
      const details = formatTable(
        ['远程模块', '版本', '失败次数', '类型'],
        [...byVersion.values()].map((r) => [r.name, r.version || '?', String(r.total), r.kinds.join('，')]),
      );
      return { stdout: `${table}\n\n近一小时浏览器报告的加载失败：\n${details}` };
    }
    case 'remotes set': {
      const { remote, url, percent } = command;
      const state = await client.call(setRemote, { url, ...(percent === undefined ? {} : { percent }) }, { name: remote });
      return {
        stdout: state.canary
          ? `${remote}：${state.canary.version || state.canary.url} 灰度 ${state.canary.percent}% 的设备，其余仍是 ${state.version || state.url}`
          : `${remote}：所有人换成 ${state.version || state.url}（${state.entry}）`,
        stderr: '2 秒内所有服务器进程生效；新打开的页面用新版本',
      };
    }
    case 'remotes promote': {
      const state = await client.call(promoteRemote, {}, { name: command.remote });
      return { stdout: `${command.remote}：灰度转全量，所有人换成 ${state.version || state.url}` };
    }
    case 'remotes rollback': {
      const state = await client.call(rollbackRemote, {}, { name: command.remote });
      return { stdout: `${command.remote}：已回滚，所有人用 ${state.version || state.url}（${state.entry}）` };
    }
    case 'remotes token': {
      const { token } = await client.call(createDeployToken, {}, { name: command.remote });
      return { stdout: token, stderr: `${command.remote} 的部署令牌（只显示这一次；交给这个远程模块的团队，作为 DEPLOY_TOKEN 使用）：` };
    }
  }
}

const VIDEO_STATUS_NAMES: Record<TaskStatus, string> = { queued: '排队中', processing: '生成中', succeeded: '已完成', failed: '失败', cancelled: '已取消' };

async function showAccount(client: AdminClient, phone: string): Promise<Output> {
  const u = await client.call(showUser, { phone });
  const ways = [
    ...(u.mustChangePassword ? ['一次性密码（登录后须设置新密码）'] : u.hasPassword ? ['密码'] : []),
    ...(u.smsLogin ? ['短信验证码'] : []),
  ];
  const videos = TASK_STATUSES.map((status) => `${VIDEO_STATUS_NAMES[status]} ${u.videos[status]}`).join('，');
  const lines: [string, string][] = [
    ['用户', `${u.id}（${u.nickname}）`],
    ['手机号', u.phone],
    ['状态', u.mustChangePassword ? '正常，等待本人用一次性密码登录并设置新密码' : '正常'],
    ['积分余额', String(u.points)],
    ['会员到期', formatTime(u.memberUntil) || '未开通'],
    ['视频', videos],
    ['注册时间', formatTime(u.createdAt)],
    ['登录方式', ways.join('、') || '无（没有密码，短信验证码未配置：可用 users reset-password 给一次性密码）'],
    ['有效登录', `${u.sessions} 个`],
  ];
  return { stdout: lines.map(([name, value]) => `${name}：${value}`).join('\n') };
}

/** The file to upload, refused here already when it cannot be one (missing, a folder, too large). */
async function readAudioFile(file: string): Promise<Buffer> {
  const stats = await stat(file).catch(() => null);
  if (!stats?.isFile()) throw new CliError(`找不到文件 ${file}`, 2);
  if (stats.size > AUDIO_UPLOAD_MAX_SIZE) throw new CliError(`文件过大：${formatSize(stats.size)}，最大 ${formatSize(AUDIO_UPLOAD_MAX_SIZE)}`, 2);
  return readFile(file);
}

/** 83.4 → 1:23. */
function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

async function listBatches(client: AdminClient): Promise<Output> {
  const batches = await allPages((page) => client.call(codeBatches, { page, pageSize: ADMIN_PAGE_SIZE_MAX }));
  if (batches.length === 0) return { stdout: '还没有激活码批次' };
  const rows = batches.map((b) =>
    [b.id, b.points, b.days, b.count, b.unused, b.used, b.disabled, b.expired].map(String).concat(formatTime(b.endsAt) || '不限', formatTime(b.createdAt), b.note),
  );
  return { stdout: formatTable(['批次', '积分', '天数', '数量', '未使用', '已使用', '已停用', '已过期', '截止', '创建时间', '备注'], rows) };
}

async function listCodes(client: AdminClient, batchId: string): Promise<Output> {
  const codes = await allPages((page) => client.call(codeList, { batchId, page, pageSize: ADMIN_PAGE_SIZE_MAX }));
  const rows = codes.map((c) => [c.code, STATUS_NAMES[c.status], c.redeemedByPhone, formatTime(c.redeemedAt), formatTime(c.disabledAt)]);
  return { stdout: formatTable(['激活码', '状态', '兑换人', '兑换时间', '停用时间'], rows) };
}

/** Every item of a paged admin list, a thousand per request. */
async function allPages<T>(fetchPage: (page: number) => Promise<PageOf<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage(page);
    items.push(...answer.list);
    if (!answer.hasMore) return items;
  }
}
