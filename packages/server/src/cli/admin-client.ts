import type { BodyOf, Call, DataOf } from '@app/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A failure to report on stderr, with the process's exit code (1 failed, 2 bad arguments). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

type Env = Record<string, string | undefined>;
type AdminCall = Call & { access: 'admin' };

/** Creating 10 000 codes takes a while on PGlite; a server that hangs longer than this is stuck. */
const TIMEOUT_MS = 120_000;

/** The admin API of the running server, called with the admin token. */
export interface AdminClient {
  baseUrl: string;
  /** Makes an operators' call of @app/contract: its body and answer typed by the contract. */
  call<C extends AdminCall>(call: C, body: BodyOf<C>, params?: Record<string, string>): Promise<DataOf<C>>;
  /** Sends a file as an operators' call's body (`application/octet-stream`), its other fields in the query string. */
  upload<C extends AdminCall>(call: C, query: BodyOf<C>, bytes: Uint8Array): Promise<DataOf<C>>;
}

/**
 * Finds the server the way it finds itself: ADMIN_URL, else 127.0.0.1 on PORT (8080); the token
 * from ADMIN_TOKEN, else the file the server keeps in DATA_DIR (./data, relative to the working
 * directory, as the server resolves it).
 */
export async function adminClient(env: Env, cwd: string, options: { deploy?: boolean } = {}): Promise<AdminClient> {
  // An empty variable counts as unset, as the server's configuration reads it.
  const read = (name: string): string | undefined => env[name]?.trim() || undefined;
  const baseUrl = (read('ADMIN_URL') ?? `http://127.0.0.1:${read('PORT') ?? '8080'}`).replace(/\/+$/, '');
  const tokenFile = path.resolve(cwd, read('DATA_DIR') ?? './data', 'admin-token');
  // A remote team's deploy: DEPLOY_TOKEN, which needs no admin token at all.
  const deployToken = options.deploy ? read('DEPLOY_TOKEN') : undefined;
  const token = deployToken ?? read('ADMIN_TOKEN') ?? (await readTokenFile(tokenFile));
  const tokenSource = deployToken !== undefined ? 'DEPLOY_TOKEN' : read('ADMIN_TOKEN') === undefined ? tokenFile : 'ADMIN_TOKEN';

  async function send<C extends AdminCall>(url: string, contentType: string, body: string | Uint8Array): Promise<DataOf<C>> {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') throw new CliError(`服务器 ${baseUrl} 没有响应`);
        throw new CliError(`无法连接服务器 ${baseUrl}，请先 npm start`);
      }
      const answer = (await response.json().catch(() => ({}))) as { msg?: string; rspCode?: number; rspMsg?: string; data?: DataOf<C> };
      if (response.status === 401) {
        throw new CliError(`${answer.msg ?? '管理令牌无效'}（令牌来自 ${tokenSource}${deployToken === undefined ? '，须与服务器的一致' : ''}）`);
      }
      if (response.status !== 200) throw new CliError(`服务器错误 HTTP ${response.status}：${answer.msg ?? ''}`);
      if (answer.rspCode !== 0) throw new CliError(answer.rspMsg ?? '服务器拒绝了请求', answer.rspCode === 2 ? 2 : 1);
      return answer.data as DataOf<C>;
  }

  return {
    baseUrl,
    call: (call, body, params = {}) =>
      send(`${baseUrl}${call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`, 'application/json', JSON.stringify(body)),
    upload: (call, query, bytes) =>
      send(`${baseUrl}${call.path}?${new URLSearchParams(query as Record<string, string>).toString()}`, 'application/octet-stream', bytes),
  };
}

async function readTokenFile(file: string): Promise<string> {
  const token = await readFile(file, 'utf8').catch(() => '');
  if (token.trim() === '') throw new CliError(`找不到管理令牌 ${file}：请先启动服务器（npm start，首次启动时生成），或设置 ADMIN_TOKEN`);
  return token.trim();
}
