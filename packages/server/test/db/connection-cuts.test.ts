import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';
import { TransportMessage } from '../../src/plugins/error-handler.js';
import { createTestDatabase, postgresAvailable, POSTGRES_ADMIN_URL } from '../helpers/postgres.js';
import { startTsx } from '../helpers/processes.js';
import { taskBody, waitUntil } from '../helpers/tasks.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp-dirs.js';
import { expectLedgerMatchesBalances } from '../helpers/users.js';

const TEST_SERVER = path.join(__dirname, '..', 'helpers', 'test-server.ts');
const ROUNDS = 24;
/** Load clients running in parallel, each at most this many users (sign-up, then calls) long. */
const CLIENTS = 6;
const USERS_PER_CLIENT = 60;

let phoneCounter = 0;
const nextPhone = () => `137${String(process.pid % 10000).padStart(4, '0')}${String(++phoneCounter).padStart(4, '0')}`;

/**
 * A real server process (API and a worker) on PostgreSQL, under real HTTP load, while every
 * connection of its database is cut again and again (pg_terminate_backend, as a failover or an
 * administrator does): the process stays up, a request whose connection died answers the generic
 * server error, later requests work, and the LISTEN connection comes back.
 */
(postgresAvailable() ? describe : describe.skip)('a server whose database connections are cut (PostgreSQL)', () => {
  let drop: (() => Promise<void>) | undefined;
  let server: ReturnType<typeof startTsx> | undefined;
  let admin: Client | undefined;
  let database: Database | undefined;

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await admin?.end();
    await database?.close();
    await drop?.();
    removeTempDirs();
  }, 60_000);

  it(`stays up through ${ROUNDS} rounds of cuts under load; afterwards it answers, its worker hears signals and the ledger holds`, async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    const dbName = new URL(created.url).pathname.slice(1);
    server = startTsx(TEST_SERVER, {
      DATABASE_URL: created.url,
      DATA_DIR: makeTempDir(),
      WEB_ROOT: makeTempDir(),
      LOG_LEVEL: 'fatal',
      WORKERS: '1',
      SEED_TEMPLATES: '0',
      SIGNUP_LIMIT: '0',
      UPLOAD_RETENTION_HOURS: '0',
    });
    const [, base] = await server.waitFor(/LISTENING (http:\/\/\S+)/, 60_000);
    admin = new Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();

    const answers = new Map<string, number>();
    const post = async (route: string, body: Record<string, unknown>) => {
      let res: Response;
      try {
        res = await fetch(`${base}api/v1/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      } catch {
        answers.set('no answer', (answers.get('no answer') ?? 0) + 1);
        return undefined;
      }
      const json = (await res.json()) as { rspCode?: number; data?: any; msg?: string };
      // 200 (whatever rspCode), or the generic server error: nothing else is acceptable.
      const kind = res.status === 200 ? '200' : `${res.status} ${json.msg}`;
      answers.set(kind, (answers.get(kind) ?? 0) + 1);
      return res.status === 200 ? json : undefined;
    };
    let cutting = true;
    const client = async () => {
      for (let i = 0; i < USERS_PER_CLIENT && cutting && server!.child.exitCode === null; i++) {
        const login = await post('account/login_or_register', { phone: nextPhone(), password: 'secret123' });
        const token = login?.rspCode === 0 ? (login.data.token as string) : undefined;
        if (!token) continue;
        await post('account/getAccountInfo', { token });
        await post('video_task/save', { token, ...taskBody() });
        await post('video_task/query_user_task', { token });
        await post('sysVideo/list', {});
        await post('credit_consumption/list', { token });
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, client));

    let terminated = 0;
    for (let round = 0; round < ROUNDS && server.child.exitCode === null; round++) {
      await sleep(150);
      const { rows } = await admin.query<{ cut: boolean }>(
        'SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      terminated += rows.filter((row) => row.cut).length;
    }
    cutting = false;
    await load;

    expect({ exitCode: server.child.exitCode, signal: server.child.signalCode, stderr: server.output().stderr }).toEqual({ exitCode: null, signal: null, stderr: '' });
    expect(terminated).toBeGreaterThanOrEqual(ROUNDS);
    // Cut requests answered the generic server error; none went unanswered.
    expect([...answers.keys()].filter((kind) => kind !== '200' && kind !== `500 ${TransportMessage.internal}`)).toEqual([]);
    expect(answers.get('200')).toBeGreaterThan(0);

    // The listener is back on a connection of its own.
    await waitUntil(async () => {
      const { rows } = await admin!.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'",
        [dbName],
      );
      return rows[0]!.n > 0;
    }, 30_000, 'the LISTEN connection to come back');

    expect((await fetch(`${base}healthz`)).status).toBe(200);
    // A new user, many calls at once (a pool that lost clients to the cuts would stall), and a save the worker renders.
    const login = await post('account/login_or_register', { phone: nextPhone(), password: 'secret123' });
    expect(login?.rspCode).toBe(0);
    const token = login!.data.token as string;
    const infos = await Promise.all(Array.from({ length: 30 }, () => post('account/getAccountInfo', { token })));
    expect(infos.map((info) => info?.rspCode)).toEqual(Array(30).fill(0));
    const saved = await post('video_task/save', { token, ...taskBody() });
    expect(saved?.rspCode).toBe(0);
    const id = saved!.data.id as string;
    await server.waitFor(new RegExp(`RENDER_START ${id}\\b`), 30_000);
    await waitUntil(async () => (await post('video_task/detail', { token, id }))?.data.status === 'succeeded', 30_000, `task ${id} to succeed`);

    database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
    await expectLedgerMatchesBalances(database.db);
  }, 180_000);
});
