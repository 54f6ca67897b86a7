import { parseArgs } from 'node:util';
import { PHONE_PATTERN, REMOTE_NAMES, type RemoteName } from '@app/contract';

export const USAGE = `用法：npm run admin -- <命令> [选项]

  codes create --points N --days D --count C [--ends YYYY-MM-DD] [--note 文字]
      生成一批激活码。标准输出只有激活码，每行一个；存成文件时加 -s，免得 npm 把它自己的
      命令行回显也写进去：npm run -s admin -- codes create … > codes.txt
      --ends：最后可兑换的日期（本机时区，当天结束前有效）。
  codes list [--batch ID]
      不带 --batch：列出全部批次和各状态的码数；带 --batch：列出这一批的每个激活码。
  codes disable CODE
      停用一个未兑换的激活码。
  points grant PHONE N --reason 文字
      给这个手机号的用户加 N 积分；N 为负数时扣除（不能扣成负数）。
  templates add --title 标题 --category 分类 --style 风格 --duration 秒 --aspect 9:16|16:9|1:1
                [--description 文字] [--sort N] [--cover URL --video URL] [--params JSON]
      添加一个模板。--cover 和 --video 要么都给（立刻出现在 App 中），要么都不给：服务器
      按标题、描述和 --params 渲染样片，存好后模板才出现在 App 首页。
  users show PHONE
      查看一个用户：积分余额、会员到期、各状态的视频数、注册时间、状态、登录方式、有效登录数。
  users reset-password PHONE
      给这个用户一个一次性密码（只显示这一次），用于用户忘了密码又收不到验证码时：
      把它告诉本人（先核实身份），本人用它登录后必须先设置新密码。这个用户已有的登录全部结束。
  music add FILE --title 标题 --mood travel|food|festival|tech|family|business
      上传一首背景音乐（mp3、m4a、aac 或 wav，不超过 20 MiB，1 秒到 10 分钟），出现在
      App 的背景音乐列表中。FILE 相对于运行命令的目录。
  music list
      列出背景音乐曲目（ID、标题、情绪、时长、大小）。
  music remove ID
      删除一首曲目；还有排队中或生成中的视频用它时拒绝。

  remotes list
      各远程模块：在用的版本、地址、灰度（版本、百分比），何时由谁设置。
  remotes set NAME URL [--percent N]
      把远程模块 NAME（create、account、auth）换成 URL 处的构建：它的 mf-manifest.json（或同目录的
      remoteEntry.js）。先做兼容检查（清单取得到、读得懂；共享模块的版本 shell 提供得了；shell 路由到
      它的页面都有暴露），不通过就逐条列出问题，什么都不改。--percent N（1–99）：灰度，N% 的设备
      （按设备稳定）拿到它。2 秒内生效，不用重启服务器。
  remotes promote NAME
      灰度转全量。
  remotes rollback NAME
      有灰度时结束灰度；否则回到上一个全量版本（再回滚一次，再往前一个）。
  remotes token NAME
      生成 NAME 的部署令牌（只显示这一次）：拿着它（DEPLOY_TOKEN）能 set、promote、rollback
      这个远程模块，别的都不能。

它通过 HTTP 连接正在运行的服务器，不直接打开数据库：
  ADMIN_URL    服务器地址（默认 http://127.0.0.1:\${PORT:-8080}）
  ADMIN_TOKEN  管理令牌（默认读取 \${DATA_DIR:-./data}/admin-token，服务器首次启动时生成）
  DEPLOY_TOKEN 部署令牌：remotes set、promote、rollback 用它代替管理令牌

退出码：0 成功；1 失败（连不上、令牌不对、服务器拒绝）；2 参数错误。`;

/** Wrong arguments: the message, then the usage; exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export type AdminCommand =
  | { name: 'help' }
  | { name: 'codes create'; points: number; days: number; count: number; endsAt: number; note: string }
  | { name: 'codes list'; batchId: string | undefined }
  | { name: 'codes disable'; code: string }
  | { name: 'points grant'; phone: string; change: number; reason: string }
  | { name: 'users show'; phone: string }
  | { name: 'users reset-password'; phone: string }
  | { name: 'music add'; file: string; title: string; mood: string }
  | { name: 'music list' }
  | { name: 'music remove'; id: string }
  | { name: 'remotes list' }
  | { name: 'remotes set'; remote: RemoteName; url: string; percent: number | undefined }
  | { name: 'remotes promote'; remote: RemoteName }
  | { name: 'remotes rollback'; remote: RemoteName }
  | { name: 'remotes token'; remote: RemoteName }
  | {
      name: 'templates add';
      title: string;
      category: string;
      style: string;
      duration: number;
      aspectRatio: string;
      description: string;
      sort: number;
      coverUrl: string;
      videoUrl: string;
      params: Record<string, unknown>;
    };

type OptionSpec = Record<string, { type: 'string' }>;
type Parsed = { positionals: string[]; values: Record<string, string | undefined> };

const strings = (...names: string[]): OptionSpec => Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));

const COMMANDS: Record<string, { options: OptionSpec; build: (parsed: Parsed) => AdminCommand }> = {
  'codes create': {
    options: strings('points', 'days', 'count', 'ends', 'note'),
    build: ({ positionals, values }) => {
      noPositionals(positionals);
      return {
        name: 'codes create',
        points: wholeNumber('--points', required(values, 'points')),
        days: wholeNumber('--days', required(values, 'days')),
        count: wholeNumber('--count', required(values, 'count')),
        endsAt: values.ends === undefined ? 0 : endOfDay(values.ends),
        note: values.note ?? '',
      };
    },
  },
  'codes list': {
    options: strings('batch'),
    build: ({ positionals, values }) => {
      noPositionals(positionals);
      if (values.batch !== undefined && !/^[1-9]\d{0,15}$/.test(values.batch)) throw new UsageError(`--batch 应为批次 ID（数字）：${values.batch}`);
      return { name: 'codes list', batchId: values.batch };
    },
  },
  'codes disable': {
    options: {},
    build: ({ positionals }) => {
      const [code] = exactly(positionals, ['CODE']);
      return { name: 'codes disable', code };
    },
  },
  'points grant': {
    options: strings('reason'),
    build: ({ positionals, values }) => {
      const [phone, change] = exactly(positionals, ['PHONE', 'N']);
      return { name: 'points grant', phone, change: integer('N', change), reason: required(values, 'reason') };
    },
  },
  ...Object.fromEntries(
    (['show', 'reset-password'] as const).map((action) => [
      `users ${action}`,
      {
        options: {},
        build: ({ positionals }: Parsed): AdminCommand => {
          const [phone] = exactly(positionals, ['PHONE']);
          if (!new RegExp(PHONE_PATTERN).test(phone)) throw new UsageError(`PHONE 应为 11 位手机号：${phone}`);
          return { name: `users ${action}`, phone };
        },
      },
    ]),
  ),
  'templates add': {
    options: strings('title', 'category', 'style', 'duration', 'aspect', 'description', 'sort', 'cover', 'video', 'params'),
    build: ({ positionals, values }) => {
      noPositionals(positionals);
      return {
        name: 'templates add',
        title: required(values, 'title'),
        category: required(values, 'category'),
        style: required(values, 'style'),
        duration: wholeNumber('--duration', required(values, 'duration')),
        aspectRatio: required(values, 'aspect'),
        description: values.description ?? '',
        sort: values.sort === undefined ? 0 : integer('--sort', values.sort),
        coverUrl: values.cover ?? '',
        videoUrl: values.video ?? '',
        params: values.params === undefined ? {} : jsonObject('--params', values.params),
      };
    },
  },
  'music add': {
    options: strings('title', 'mood'),
    build: ({ positionals, values }) => {
      const [file] = exactly(positionals, ['FILE']);
      // An unknown mood: the server answers in words (as templates add's --aspect).
      return { name: 'music add', file, title: required(values, 'title'), mood: required(values, 'mood') };
    },
  },
  'music list': {
    options: {},
    build: ({ positionals }) => {
      noPositionals(positionals);
      return { name: 'music list' };
    },
  },
  'remotes list': {
    options: {},
    build: ({ positionals }) => {
      noPositionals(positionals);
      return { name: 'remotes list' };
    },
  },
  'remotes set': {
    options: strings('percent'),
    build: ({ positionals, values }) => {
      const [remote, url] = exactly(positionals, ['NAME', 'URL']);
      const percent = values.percent === undefined ? undefined : wholeNumber('--percent', values.percent);
      if (percent !== undefined && (percent < 1 || percent > 99)) throw new UsageError(`--percent 应为 1 到 99：${values.percent}`);
      if (!/^(https?:\/\/|\/)/.test(url)) throw new UsageError(`URL 应为 http(s) 地址或以 / 开头的路径：${url}`);
      return { name: 'remotes set', remote: remoteName(remote), url, percent };
    },
  },
  ...Object.fromEntries(
    (['promote', 'rollback', 'token'] as const).map((action) => [
      `remotes ${action}`,
      {
        options: {},
        build: ({ positionals }: Parsed): AdminCommand => {
          const [remote] = exactly(positionals, ['NAME']);
          return { name: `remotes ${action}`, remote: remoteName(remote) };
        },
      },
    ]),
  ),
  'music remove': {
    options: {},
    build: ({ positionals }) => {
      const [id] = exactly(positionals, ['ID']);
      if (!/^[1-9]\d{0,15}$/.test(id)) throw new UsageError(`ID 应为曲目 ID（数字）：${id}`);
      return { name: 'music remove', id };
    },
  },
};

/** `argv` without node and the script: `['codes', 'create', '--points', '10', …]`. */
export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  if (argv.includes('--help') || argv.includes('-h')) return { name: 'help' };
  if (argv.length === 0) throw new UsageError('请给出命令');
  const [group = '', action = '', ...rest] = argv;
  const command = COMMANDS[`${group} ${action}`];
  if (!command) throw new UsageError(`未知命令：${[group, action].join(' ').trim()}`);

  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest.map(shieldNegative), options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`参数有误：${(error as Error).message}`);
  }
  const values = Object.fromEntries(Object.entries(parsed.values).map(([name, value]) => [name, unshield(String(value))]));
  return command.build({ positionals: parsed.positionals.map(unshield), values });
}

// parseArgs reads `-5` as an option (`points grant P -5`, `--sort -1`); shielded by a leading
// NUL, which no typed argument holds, a negative number stays a value.
const NEGATIVE = /^-\d+$/;
const shieldNegative = (arg: string): string => (NEGATIVE.test(arg) ? `\0${arg}` : arg);
const unshield = (arg: string): string => (arg.startsWith('\0') ? arg.slice(1) : arg);

function required(values: Parsed['values'], name: string): string {
  const value = values[name];
  if (value === undefined || value.trim() === '') throw new UsageError(`缺少 --${name}`);
  return value;
}

function remoteName(value: string): RemoteName {
  if (!(REMOTE_NAMES as readonly string[]).includes(value)) throw new UsageError(`NAME 应为 ${REMOTE_NAMES.join('、')} 之一：${value}`);
  return value as RemoteName;
}

function noPositionals(positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`多余的参数：${positionals.join(' ')}`);
}

/** The positionals, exactly one per name (`['PHONE', 'N']` → `[phone, n]`). */
function exactly<const Names extends readonly string[]>(positionals: string[], names: Names): { [K in keyof Names]: string } {
  if (positionals.length !== names.length) throw new UsageError(`需要 ${names.join(' ')}`);
  return positionals as unknown as { [K in keyof Names]: string };
}

function wholeNumber(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`${name} 应为非负整数：${value}`);
  return Number(value);
}

function integer(name: string, value: string): number {
  if (!/^-?\d{1,9}$/.test(value)) throw new UsageError(`${name} 应为整数：${value}`);
  return Number(value);
}

/** `2026-12-31` → the first instant of the next day in this machine's time zone (ms). */
function endOfDay(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const date = new Date(year, month - 1, day);
  if (!match || date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    throw new UsageError(`--ends 应为日期 YYYY-MM-DD：${value}`);
  }
  return new Date(year, month - 1, day + 1).getTime();
}

function jsonObject(name: string, value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new UsageError(`${name} 不是合法的 JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`${name} 应为 JSON 对象`);
  return parsed as Record<string, unknown>;
}
