import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { postApi } from '../src/api';
import { ROOT, startServer, type RunningServer } from '../src/server';

const CONNECTIONS = 50;
const DURATION_S = 10;
const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

/** 50 connections for 10 s; `bodies` (if any) are sent in turn, one per request. */
async function load(url: string, bodies?: string[]): Promise<Load> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method: bodies ? 'POST' : 'GET',
    headers: bodies ? { 'content-type': 'application/json', platform: 'h5' } : {},
    requests: bodies ? [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }] : undefined,
  });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** A bare Fastify answering `{ hello: 'world' }`: the ceiling of any route on this machine. */
async function hello(): Promise<{ url: string; stop: () => void }> {
  const script = `
    const app = require('fastify')();
    app.get('/', async () => ({ hello: 'world' }));
    app.listen({ port: 0, host: '127.0.0.1' }).then((address) => console.log(address));`;
  const child = spawn(process.execPath, ['-e', script], { cwd: path.join(ROOT, 'packages/server'), stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
  return { url: `${url}/`, stop: () => child.kill() };
}

async function signIn(server: RunningServer, phone: string): Promise<string> {
  const { answer } = await postApi<{ token: string }>(server.url, '/api/v1/account/login_or_register', { phone, password: 'bench-password-1' });
  if (answer.rspCode !== 0) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
  return answer.data.token;
}

/** One user per connection, each request with its own user's token: no answer is the same twice in a row. */
async function accountInfoLoad(env: Record<string, string>): Promise<Load> {
  // The API alone: no built-in templates to render and no workers competing for the two cores.
  // SIGNUP_LIMIT 0: its CONNECTIONS users all sign up from 127.0.0.1.
  const server = await startServer({ SEED_TEMPLATES: '0', WORKERS: '0', SIGNUP_LIMIT: '0', ...env });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) tokens.push(await signIn(server, `139${String(i).padStart(8, '0')}`));
    const bodies = tokens.map((token) => JSON.stringify({ token }));
    await load(`${server.url}/api/v1/account/getAccountInfo`, bodies); // warm-up: JIT, pool, caches
    return await load(`${server.url}/api/v1/account/getAccountInfo`, bodies);
  } finally {
    await server.stop();
  }
}

export async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T | undefined> {
  const admin = new Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.warn(`PostgreSQL at ${POSTGRES_ADMIN_URL} did not answer: the PostgreSQL run is skipped`);
    return undefined;
  }
  const name = `app_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * The API: getAccountInfo throughput and p99 at 50 connections, beside a bare Fastify hello route
 * measured in the same run, on PGlite and on PostgreSQL. Target on PostgreSQL: ≥ 30 % of hello,
 * p99 ≤ 30 ms.
 */
export async function benchApi(): Promise<Record<string, string | number>[]> {
  const base = await hello();
  let ceiling: Load;
  try {
    await load(base.url);
    ceiling = await load(base.url);
  } finally {
    base.stop();
  }
  const rows: Record<string, string | number>[] = [
    { bench: 'bare Fastify hello (baseline)', rps: ceiling.rps, p99: `${ceiling.p99} ms`, 'of hello': '100 %', errors: ceiling.errors, target: '-' },
  ];
  const add = (name: string, run: Load) =>
    rows.push({ bench: name, rps: run.rps, p99: `${run.p99} ms`, 'of hello': `${Math.round((100 * run.rps) / ceiling.rps)} %`, errors: run.errors, target: name.includes('PostgreSQL') ? '≥ 30 %, p99 ≤ 30 ms' : '-' });

  add('getAccountInfo on PGlite', await accountInfoLoad({}));
  const pg = await withPostgresDatabase((url) => accountInfoLoad({ DATABASE_URL: url }));
  if (pg) add('getAccountInfo on PostgreSQL', pg);
  return rows;
}
