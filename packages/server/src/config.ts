import path from 'node:path';

/** The remotes the shell loads at run time, in the order `/remotes.json` lists them. */
export const REMOTE_NAMES = ['create', 'account', 'auth'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

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

  if (problems.length > 0) throw new ConfigError(problems);
  return { port, host, dataDir, webRoot, remoteUrls, logLevel };
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
