import { isIP } from 'node:net';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@app/contract';
import { loadComfyWorkflow, type ComfyWorkflow } from './modules/clips/comfyui.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path; created at start. Later the embedded database and uploads live here. */
  dataDir: string;
  /** Absolute path of the folder holding `shell/dist` and `remote-<name>/dist`. */
  webRoot: string;
  /** Where the shell loads each remote's entry from (answered by `GET /remotes.json`). */
  remoteUrls: Record<RemoteName, string>;
  logLevel: LogLevel;
  /** A PostgreSQL server (`postgres://…`); unset = the embedded PGlite in `dataDir/pgdata`. */
  databaseUrl: string | undefined;
  /** Points a new account starts with (a `register` ledger row). */
  welcomePoints: number;
  /** Bearer token of the admin API; unset = one kept in `dataDir/admin-token`. */
  adminToken: string | undefined;
  /** An S3-compatible object store for uploads; unset = files on disk in `dataDir/files`. */
  s3: S3Config | undefined;
  /** The price of a video: points per second of its duration (docs/api.md, /api/v1/video_task/quote: default 1). */
  pointsPerSecond: number;
  /** Video workers run by `npm run serve` in the API process (0 = API only); `npm run worker` runs this many (at least 1). */
  workers: number;
  /** Whether start seeds the built-in templates (their samples rendered by the workers); tests turn it off. */
  seedTemplates: boolean;
  /** Hours an upload nothing refers to is kept before the API processes remove it (0 = for good). */
  uploadRetentionHours: number;
  /** Whether the apps' `*.map` files are served (they are built either way, for an error tracker). */
  serveSourceMaps: boolean;
  /**
   * ALLOW_REMOTE_OVERRIDE: whether a page may point its own tab at another build of a remote
   * (`?remote.account=<mf-manifest.json URL>`, README "Ship a remote"); on in `npm run dev`, off
   * by default. Off, the shell ignores such a parameter and the page's CSP allows no other origin.
   */
  allowRemoteOverride: boolean;
  /** New accounts per client address (IPv6: per /64) per hour; 0 = no limit. */
  signupLimit: number;
  /**
   * The proxies (addresses, CIDR ranges, or `loopback` / `linklocal` / `uniquelocal`) whose
   * X-Forwarded-For names the client (Fastify's `trustProxy`); empty = the socket's address, and
   * X-Forwarded-For is ignored.
   */
  trustProxy: string[];
  /** The hosted video models configured (modules/clips): each present only with its keys. */
  videoModels: VideoModelSettings;
  /** How long one clip may take at its vendor, from its submit to its result, before the task fails (refunded). */
  clipTimeoutMinutes: number;
  /** The hosted voice providers configured (modules/voices): each present only with its keys. */
  voices: VoiceSettings;
  /** Points a video with narration costs on top of its seconds (VOICE_POINTS). */
  voicePoints: number;
  /** AI 帮写's OpenAI-compatible chat-completions service; unset = not offered. */
  llm: LlmSettings | undefined;
  /** The operator's own 《用户协议》 / 《隐私政策》 (TERMS_URL, PRIVACY_URL): /legal/* redirects there; unset = ours (or DATA_DIR/legal/*.html). */
  termsUrl: string | undefined;
  privacyUrl: string | undefined;
  /** A contact line shown on 关于 (SUPPORT_CONTACT), e.g. `客服邮箱 help@example.com`; '' = none. */
  supportContact: string;
  /** 注销账号's cooling-off in days (ACCOUNT_DELETE_DAYS, default 15); 0 = closed at the next sweep. */
  accountDeleteDays: number;
  /** SMS codes (modules/sms): sign-in by code, and later reset and closing; unset = not offered. */
  sms: SmsSettings | undefined;
}

/** The hosted SMS service that sends the codes, through its official SDK (modules/sms). */
export interface SmsSettings {
  provider: 'tencent' | 'aliyun';
  /** Tencent SecretId / Alibaba AccessKeyId. */
  secretId: string;
  /** Tencent SecretKey / Alibaba AccessKeySecret. Never logged. */
  secretKey: string;
  /** Tencent's SmsSdkAppId (Alibaba has none). */
  sdkAppId: string | undefined;
  signName: string;
  /** A template taking the code as its one parameter (Alibaba: `${code}`). */
  templateId: string;
  /** `https://sms.tencentcloudapi.com` or `https://dysmsapi.aliyuncs.com` unless SMS_ENDPOINT says otherwise (a stand-in in tests). */
  endpoint: string;
}

export interface VoiceSettings {
  /** MiniMax T2A v2 (modules/voices/minimax). `groupId` goes in the query where an account's docs ask for it. */
  minimax?: { apiKey: string; groupId: string | undefined; baseUrl: string; model: string };
  /** Volcengine 豆包语音合成 over HTTP (modules/voices/volc). */
  volc?: { appId: string; token: string; cluster: string; baseUrl: string };
}

/** An OpenAI-compatible chat-completions service (DeepSeek, Qwen in DashScope's compatible mode, Doubao on Ark, OpenAI…). */
export interface LlmSettings {
  /** Up to the version segment, e.g. `https://api.deepseek.com/v1`; the client adds `/chat/completions`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Points one AI 帮写 call costs (0 = free), refunded when it fails. */
  points: number;
  /** How long one call may take, its retries included, before it fails (refunded). */
  timeoutSeconds: number;
}

/** Points a second cost on a hosted model unless its *_POINTS_PER_SECOND says otherwise. */
export const HOSTED_POINTS_PER_SECOND = 10;

export interface VideoModelSettings {
  wan?: { apiKey: string; baseUrl: string; t2vModel: string; i2vModel: string; pointsPerSecond: number };
  seedance?: { apiKey: string; baseUrl: string; model: string; pointsPerSecond: number };
  kling?: { accessKey: string; secretKey: string; baseUrl: string; model: string; pointsPerSecond: number };
  comfyui?: { url: string; workflowFile: string; workflow: ComfyWorkflow; pointsPerSecond: number };
}

export interface S3Config {
  /** e.g. `https://s3.amazonaws.com` or `http://127.0.0.1:9000` (path-style addressing). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where stored files are read from (a CDN or the bucket's public URL). */
  publicUrl: string;
}

/** Thrown by `loadConfig` with every problem found, one per line, so a bad start is fixed in one go. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The repository root. This file sits in `packages/server/src` (tsx, jest) or
 * `packages/server/dist` (after tsc): three levels down either way.
 */
const REPOSITORY_ROOT = path.resolve(__dirname, '..', '..', '..');

type Env = Record<string, string | undefined>;

/** For a process's entry point: the configuration, or an exit listing every problem. */
export function loadConfigOrExit(): ServerConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const problems: string[] = [];
  // An empty variable counts as unset, as `FOO= npm start` usually means "no value".
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const port = parsePort(read('PORT'), problems);
  const host = read('HOST') ?? '0.0.0.0';
  const dataDir = path.resolve(read('DATA_DIR') ?? './data');
  const webRoot = path.resolve(read('WEB_ROOT') ?? REPOSITORY_ROOT);
  const logLevel = parseLogLevel(read('LOG_LEVEL'), problems);

  const remoteUrls = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    const variable = `REMOTE_${name.toUpperCase()}_URL`;
    const value = read(variable);
    if (value !== undefined && !isUrlOrAbsolutePath(value)) {
      problems.push(`${variable}=${value}: must be an http(s) URL or a path starting with "/"`);
    }
    remoteUrls[name] = value ?? `/remotes/${name}/remoteEntry.js`;
  }

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  }
  const welcomePoints = parseCount('WELCOME_POINTS', read('WELCOME_POINTS'), 10, problems);
  const adminToken = read('ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < 16) problems.push('ADMIN_TOKEN: must be at least 16 characters');
  const s3 = parseS3(read, problems);
  // A 60 s video at the top price stays far inside an integer balance.
  const pointsPerSecond = parseCount('POINTS_PER_SECOND', read('POINTS_PER_SECOND'), 1, problems, 1_000_000);
  // Each worker renders one video at a time with a whole core or more: dozens per process is a mistake.
  const workers = parseCount('WORKERS', read('WORKERS'), 1, problems, 64);
  const seedTemplates = parseSwitch('SEED_TEMPLATES', read('SEED_TEMPLATES'), true, problems);
  // A form left open a day keeps its pictures; a year is as long as "for good" needs to be.
  const uploadRetentionHours = parseCount('UPLOAD_RETENTION_HOURS', read('UPLOAD_RETENTION_HOURS'), 24, problems, 8760);
  // Source maps give the original source away: shown to the public only when asked for.
  const serveSourceMaps = parseSwitch('SERVE_SOURCE_MAPS', read('SERVE_SOURCE_MAPS'), false, problems);
  const allowRemoteOverride = parseSwitch('ALLOW_REMOTE_OVERRIDE', read('ALLOW_REMOTE_OVERRIDE'), false, problems);
  const signupLimit = parseCount('SIGNUP_LIMIT', read('SIGNUP_LIMIT'), 20, problems);
  const trustProxy = parseTrustProxy(read('TRUST_PROXY'), problems);
  const videoModels = parseVideoModels(read, problems);
  const clipTimeoutMinutes = parseCount('CLIP_TIMEOUT_MINUTES', read('CLIP_TIMEOUT_MINUTES'), 30, problems, 24 * 60) || 30;
  const voices = parseVoices(read, problems);
  const voicePoints = parseCount('VOICE_POINTS', read('VOICE_POINTS'), 2, problems, 1_000_000);
  const llm = parseLlm(read, problems);
  const [termsUrl, privacyUrl] = (['TERMS_URL', 'PRIVACY_URL'] as const).map((name) => {
    const value = read(name);
    if (value !== undefined && (!isUrlOrAbsolutePath(value) || value.startsWith('/'))) problems.push(`${name}=${value}: must be an http(s) URL`);
    return value;
  });
  const supportContact = read('SUPPORT_CONTACT') ?? '';
  if (supportContact.length > 100) problems.push('SUPPORT_CONTACT: at most 100 characters (one line on 关于)');
  const sms = parseSms(read, problems);
  const accountDeleteDays = parseCount('ACCOUNT_DELETE_DAYS', read('ACCOUNT_DELETE_DAYS'), 15, problems, 365);

  if (problems.length > 0) throw new ConfigError(problems);
  return { port, host, dataDir, webRoot, remoteUrls, logLevel, databaseUrl, welcomePoints, adminToken, s3, pointsPerSecond, workers, seedTemplates, uploadRetentionHours, serveSourceMaps, allowRemoteOverride, signupLimit, trustProxy, videoModels, clipTimeoutMinutes, voices, voicePoints, llm, termsUrl, privacyUrl, supportContact, sms, accountDeleteDays };
}

function parseCount(name: string, value: string | undefined, fallback: number, problems: string[], max = 1_000_000_000): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max) {
    problems.push(`${name}=${value}: must be a whole number from 0 to ${max}`);
    return fallback;
  }
  return Number(value);
}

/** Names proxy-addr (behind Fastify's trustProxy) knows for whole ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: comma-separated addresses or CIDR ranges of the proxies in front of the server.
 * Only a list: "trust everyone" would let any client choose the address it is counted under.
 */
function parseTrustProxy(value: string | undefined, problems: string[]): string[] {
  if (value === undefined) return [];
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isProxyEntry(entry));
  if (bad.length > 0 || entries.length === 0) {
    problems.push(`TRUST_PROXY=${value}: must list proxy addresses or CIDR ranges separated by commas (e.g. 10.0.0.0/8,127.0.0.1), or loopback, linklocal, uniquelocal${bad.length > 0 ? `; not one: ${bad.join(', ')}` : ''}`);
    return [];
  }
  return entries;
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The hosted video models: each one whose keys are set (a key alone turns it on; the other
 * settings have the vendor's defaults). Half a pair of keys, or a bad URL or price, stops the start.
 */
function parseVideoModels(read: (name: string) => string | undefined, problems: string[]): VideoModelSettings {
  const models: VideoModelSettings = {};
  const price = (name: string) => parseCount(name, read(name), HOSTED_POINTS_PER_SECOND, problems, 1_000_000);
  const url = (name: string, fallback: string) => {
    const value = (read(name) ?? fallback).replace(/\/+$/, '');
    if (!isUrlOrAbsolutePath(value) || value.startsWith('/')) problems.push(`${name}=${value}: must be an http(s) URL`);
    return value;
  };
  const dashscopeKey = read('DASHSCOPE_API_KEY');
  if (dashscopeKey) {
    models.wan = {
      apiKey: dashscopeKey,
      baseUrl: url('DASHSCOPE_BASE_URL', 'https://dashscope.aliyuncs.com'),
      t2vModel: read('DASHSCOPE_T2V_MODEL') ?? 'wan2.5-t2v-preview',
      i2vModel: read('DASHSCOPE_I2V_MODEL') ?? 'wan2.5-i2v-preview',
      pointsPerSecond: price('DASHSCOPE_POINTS_PER_SECOND'),
    };
  }
  const arkKey = read('ARK_API_KEY');
  if (arkKey) {
    models.seedance = {
      apiKey: arkKey,
      baseUrl: url('ARK_BASE_URL', 'https://ark.cn-beijing.volces.com/api/v3'),
      model: read('ARK_VIDEO_MODEL') ?? 'doubao-seedance-1-0-pro-250528',
      pointsPerSecond: price('ARK_POINTS_PER_SECOND'),
    };
  }
  const [klingAccess, klingSecret] = [read('KLING_ACCESS_KEY'), read('KLING_SECRET_KEY')];
  if (klingAccess && klingSecret) {
    models.kling = {
      accessKey: klingAccess,
      secretKey: klingSecret,
      baseUrl: url('KLING_BASE_URL', 'https://api-beijing.klingai.com'),
      model: read('KLING_MODEL') ?? 'kling-v1-6',
      pointsPerSecond: price('KLING_POINTS_PER_SECOND'),
    };
  } else if (klingAccess || klingSecret) problems.push('Kling needs both KLING_ACCESS_KEY and KLING_SECRET_KEY');
  const [comfyUrl, comfyWorkflow] = [read('COMFYUI_URL'), read('COMFYUI_WORKFLOW')];
  if (comfyUrl && comfyWorkflow) {
    const workflowFile = path.resolve(comfyWorkflow);
    try {
      models.comfyui = { url: url('COMFYUI_URL', comfyUrl), workflowFile, workflow: loadComfyWorkflow(workflowFile), pointsPerSecond: price('COMFYUI_POINTS_PER_SECOND') };
    } catch (error) {
      problems.push((error as Error).message);
    }
  } else if (comfyUrl || comfyWorkflow) problems.push('ComfyUI needs both COMFYUI_URL and COMFYUI_WORKFLOW (an API-format workflow file)');
  return models;
}

/**
 * The voice providers: MiniMax with its key (the group id only where the account's docs ask for
 * it), Volcengine with both its app id and token. Half of Volcengine's pair, or a bad URL, stops the start.
 */
function parseVoices(read: (name: string) => string | undefined, problems: string[]): VoiceSettings {
  const voices: VoiceSettings = {};
  const url = (name: string, fallback: string) => {
    const value = (read(name) ?? fallback).replace(/\/+$/, '');
    if (!isUrlOrAbsolutePath(value) || value.startsWith('/')) problems.push(`${name}=${value}: must be an http(s) URL`);
    return value;
  };
  const minimaxKey = read('MINIMAX_API_KEY');
  if (minimaxKey) {
    voices.minimax = {
      apiKey: minimaxKey,
      groupId: read('MINIMAX_GROUP_ID'),
      baseUrl: url('MINIMAX_BASE_URL', 'https://api.minimaxi.com'),
      model: read('MINIMAX_TTS_MODEL') ?? 'speech-02-hd',
    };
  } else if (read('MINIMAX_GROUP_ID')) problems.push('MINIMAX_GROUP_ID is set but MINIMAX_API_KEY is not');
  const [volcAppId, volcToken] = [read('VOLC_TTS_APPID'), read('VOLC_TTS_TOKEN')];
  if (volcAppId && volcToken) {
    voices.volc = {
      appId: volcAppId,
      token: volcToken,
      cluster: read('VOLC_TTS_CLUSTER') ?? 'volcano_tts',
      baseUrl: url('VOLC_TTS_BASE_URL', 'https://openspeech.bytedance.com'),
    };
  } else if (volcAppId || volcToken) problems.push('Volcengine TTS needs both VOLC_TTS_APPID and VOLC_TTS_TOKEN');
  return voices;
}

const LLM_VARIABLES = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const;

/**
 * AI 帮写: the three of LLM_BASE_URL, LLM_API_KEY and LLM_MODEL, or none (then the feature is not
 * offered). There is no default service: every vendor has its own base URL and model names.
 */
function parseLlm(read: (name: string) => string | undefined, problems: string[]): LlmSettings | undefined {
  const given = LLM_VARIABLES.filter((name) => read(name) !== undefined);
  const points = parseCount('LLM_POINTS', read('LLM_POINTS'), 1, problems, 1_000_000);
  // The client's time-out covers one attempt; a user waits for the script, so minutes are too long.
  const timeoutSeconds = parseCount('LLM_TIMEOUT_SECONDS', read('LLM_TIMEOUT_SECONDS'), 60, problems, 600) || 60;
  if (given.length === 0) return undefined;
  if (given.length < LLM_VARIABLES.length) {
    problems.push(`AI 帮写 needs ${LLM_VARIABLES.filter((name) => !given.includes(name)).join(', ')} as well (set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL, or none)`);
    return undefined;
  }
  const baseUrl = read('LLM_BASE_URL')!.replace(/\/+$/, '');
  if (!isUrlOrAbsolutePath(baseUrl) || baseUrl.startsWith('/')) problems.push(`LLM_BASE_URL=${baseUrl}: must be an http(s) URL`);
  return { baseUrl, apiKey: read('LLM_API_KEY')!, model: read('LLM_MODEL')!, points, timeoutSeconds };
}

const SMS_PROVIDERS = { tencent: 'https://sms.tencentcloudapi.com', aliyun: 'https://dysmsapi.aliyuncs.com' } as const;
const SMS_VARIABLES = ['SMS_SECRET_ID', 'SMS_SECRET_KEY', 'SMS_SDK_APP_ID', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_ID', 'SMS_ENDPOINT'] as const;

/**
 * SMS_PROVIDER and what that vendor needs, or nothing at all (then codes are not offered). A
 * setting without SMS_PROVIDER, or a provider missing one of its settings, stops the start: a
 * half-configured SMS would only show up when the first user asks for a code.
 */
function parseSms(read: (name: string) => string | undefined, problems: string[]): SmsSettings | undefined {
  const provider = read('SMS_PROVIDER');
  if (provider === undefined) {
    const given = SMS_VARIABLES.filter((name) => read(name) !== undefined);
    if (given.length > 0) problems.push(`${given.join(', ')} set but SMS_PROVIDER is not (tencent or aliyun)`);
    return undefined;
  }
  if (provider !== 'tencent' && provider !== 'aliyun') {
    problems.push(`SMS_PROVIDER=${provider}: must be tencent or aliyun`);
    return undefined;
  }
  const needed = ['SMS_SECRET_ID', 'SMS_SECRET_KEY', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_ID', ...(provider === 'tencent' ? ['SMS_SDK_APP_ID'] : [])];
  const missing = needed.filter((name) => read(name) === undefined);
  if (missing.length > 0) {
    problems.push(`SMS_PROVIDER=${provider} needs ${missing.join(', ')} as well`);
    return undefined;
  }
  if (provider === 'aliyun' && read('SMS_SDK_APP_ID') !== undefined) problems.push('SMS_SDK_APP_ID is for SMS_PROVIDER=tencent only');
  const endpoint = (read('SMS_ENDPOINT') ?? SMS_PROVIDERS[provider]).replace(/\/+$/, '');
  if (!isUrlOrAbsolutePath(endpoint) || endpoint.startsWith('/') || new URL(endpoint).pathname !== '/') {
    problems.push(`SMS_ENDPOINT=${endpoint}: must be an http(s) URL with no path (e.g. http://127.0.0.1:9000)`);
  }
  return {
    provider,
    secretId: read('SMS_SECRET_ID')!,
    secretKey: read('SMS_SECRET_KEY')!,
    sdkAppId: read('SMS_SDK_APP_ID'),
    signName: read('SMS_SIGN_NAME')!,
    templateId: read('SMS_TEMPLATE_ID')!,
    endpoint,
  };
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;

/** All of S3_* or none: half a store configuration is a mistake worth stopping for. */
function parseS3(read: (name: string) => string | undefined, problems: string[]): S3Config | undefined {
  const given = S3_VARIABLES.filter((name) => read(name) !== undefined);
  if (given.length === 0) return undefined;
  const missing = S3_VARIABLES.filter((name) => read(name) === undefined && name !== 'S3_PUBLIC_URL' && name !== 'S3_REGION');
  if (missing.length > 0) {
    problems.push(`S3 storage needs ${missing.join(', ')} as well (set all of S3_* or none)`);
    return undefined;
  }
  const endpoint = read('S3_ENDPOINT')!.replace(/\/+$/, '');
  if (!isUrlOrAbsolutePath(endpoint) || endpoint.startsWith('/')) problems.push('S3_ENDPOINT: must be an http(s) URL');
  const bucket = read('S3_BUCKET')!;
  return {
    endpoint,
    region: read('S3_REGION') ?? 'us-east-1',
    bucket,
    accessKeyId: read('S3_ACCESS_KEY_ID')!,
    secretAccessKey: read('S3_SECRET_ACCESS_KEY')!,
    publicUrl: (read('S3_PUBLIC_URL') ?? `${endpoint}/${bucket}`).replace(/\/+$/, ''),
  };
}

const SWITCH_VALUES: Record<string, boolean> = { 1: true, true: true, on: true, yes: true, 0: false, false: false, off: false, no: false };

function parseSwitch(name: string, value: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (value === undefined) return fallback;
  const parsed = SWITCH_VALUES[value.toLowerCase()];
  if (parsed === undefined) problems.push(`${name}=${value}: must be 1 or 0 (also true/false, on/off, yes/no)`);
  return parsed ?? fallback;
}

function parsePort(value: string | undefined, problems: string[]): number {
  if (value === undefined) return 8080;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    problems.push(`PORT=${value}: must be an integer from 0 to 65535`);
  }
  return port;
}

function parseLogLevel(value: string | undefined, problems: string[]): LogLevel {
  if (value === undefined) return 'info';
  const level = LOG_LEVELS.find((l) => l === value.toLowerCase());
  if (level === undefined) problems.push(`LOG_LEVEL=${value}: must be one of ${LOG_LEVELS.join(', ')}`);
  return level ?? 'info';
}

function isUrlOrAbsolutePath(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
