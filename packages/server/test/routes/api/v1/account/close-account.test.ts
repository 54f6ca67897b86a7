import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../../src/app.js';
import { activationCodes, files, pointsLedger, sessions, shareLinks, users, videoTasks } from '../../../../../src/db/schema.js';
import { closeDueAccounts } from '../../../../../src/modules/account-closing/close-accounts.js';
import { createShareLink } from '../../../../../src/modules/shares/share-links.js';
import type { WorkerPool } from '../../../../../src/workers/worker-pool.js';
import { makeCode } from '../../../../helpers/codes.js';
import { describeEngines, testConfig, type EngineContext } from '../../../../helpers/engines.js';
import { fakeCover, fakeVideo, TestProvider } from '../../../../helpers/test-provider.js';
import { outputKeysOf, saveOk, taskRow, testWorkers, uploadImage, waitForStatus, waitUntil } from '../../../../helpers/tasks.js';
import { expectLedgerMatchesBalances } from '../../../../helpers/users.js';
import { ACCOUNT_INFO, CHANGE_INFO, failure, LOGIN, PASSWORD, signUp } from './account-calls.js';

const DELETE = '/api/v1/account/delete';
const DELETE_INFO = '/api/v1/account/delete_info';
const CANCEL_DELETE = '/api/v1/account/cancel_delete';
const DAY = 24 * 3600 * 1000;
const WELCOME = 10;

/** The sweep as the app's own job runs it, with the test's clock. */
const sweep = (app: FastifyInstance, now: Date) => closeDueAccounts({ db: app.db, store: app.storage, signals: app.taskSignals, log: app.log }, now);

/** A user row as stored. */
async function userRow(ctx: EngineContext, id: string | number) {
  const [row] = await ctx.db().select().from(users).where(eq(users.id, Number(id)));
  return row!;
}

/** Asks to close the signed-in account with its password; answers closingAt. */
async function askToClose(ctx: EngineContext, token: string): Promise<number> {
  const res = await ctx.post(DELETE, { token, password: PASSWORD });
  expect(res.body).toMatchObject({ rspCode: 0 });
  return res.body.data.closingAt as number;
}

describeEngines(
  '注销账号: delete, the cooling-off, cancel_delete and the sweep',
  (ctx) => {
    const pools: WorkerPool[] = [];
    afterEach(async () => {
      await Promise.all(pools.splice(0).map((pool) => pool.stop()));
      // No test's queued tasks wait for the next test's worker.
      await ctx.db().update(videoTasks).set({ status: 'cancelled' }).where(sql`${videoTasks.status} IN ('queued', 'processing')`);
    });

    it('lists what will be lost: the balance, the videos and the records', async () => {
      const me = await signUp(ctx);
      await saveOk(ctx, me.token);
      await saveOk(ctx, me.token);
      const code = await makeCode(ctx.db(), { points: 3, days: 0 });
      expect((await ctx.post('/api/v1/activationCode/activate', { token: me.token, code })).body.rspCode).toBe(0);
      const res = await ctx.post(DELETE_INFO, { token: me.token });
      // 10 welcome − 5 − 5 + 3.
      expect(res.body).toEqual({
        rspCode: 0,
        rspMsg: '成功',
        data: { createNum: 3, videos: 2, pointsRecords: 4, exchangeRecords: 1, days: 15, confirmBy: 'password' },
      });
    });

    it('asks for the password (SMS is off) and refuses a wrong one', async () => {
      const me = await signUp(ctx);
      expect(await ctx.post(DELETE, { token: me.token })).toMatchObject(failure(2, '请输入密码'));
      expect(await ctx.post(DELETE, { token: me.token, password: 'wrong-pass1' })).toMatchObject(failure(1, '密码错误'));
      expect(await ctx.post(DELETE, { token: me.token, code: '123456' })).toMatchObject(failure(2, '请输入密码'));
      expect((await userRow(ctx, me.id)).closingAt).toBeNull();
      // Nothing was lost: the session still works.
      expect((await ctx.post(ACCOUNT_INFO, { token: me.token })).body.rspCode).toBe(0);
    });

    it('counts wrong passwords: the sixth in 15 minutes answers 429, even sent at once', async () => {
      const me = await signUp(ctx);
      const answers = await Promise.all(Array.from({ length: 7 }, () => ctx.post(DELETE, { token: me.token, password: 'wrong-pass1' })));
      expect(answers.filter((a) => a.body.rspMsg === '密码错误')).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(2);
      expect((await ctx.post(DELETE, { token: me.token, password: PASSWORD })).status).toBe(429);
      expect((await userRow(ctx, me.id)).closingAt).toBeNull();
    });

    it('starts a 15-day cooling-off with the password and ends every session', async () => {
      const me = await signUp(ctx);
      const other = (await ctx.post(LOGIN, { phone: me.phone, password: PASSWORD })).body.data.token as string;
      const before = Date.now();
      const closingAt = await askToClose(ctx, me.token);
      expect(closingAt).toBeGreaterThanOrEqual(before + 15 * DAY);
      expect(closingAt).toBeLessThanOrEqual(Date.now() + 15 * DAY);
      for (const token of [me.token, other]) expect(await ctx.post(ACCOUNT_INFO, { token })).toMatchObject(failure(6, '请先登录'));
      expect((await userRow(ctx, me.id)).closingAt?.getTime()).toBe(closingAt);
    });

    it('signs in during the cooling-off with the closing date, and cancel_delete keeps the account', async () => {
      const me = await signUp(ctx);
      const closingAt = await askToClose(ctx, me.token);
      const signedIn = await ctx.post(LOGIN, { phone: me.phone, password: PASSWORD });
      expect(signedIn.body).toMatchObject({ rspCode: 0, data: { id: me.id, closingAt } });
      const token = signedIn.body.data.token as string;
      // Asked again, the first date stands.
      expect((await ctx.post(DELETE, { token, password: PASSWORD })).body.data).toEqual({ closingAt });
      const again = (await ctx.post(LOGIN, { phone: me.phone, password: PASSWORD })).body.data.token as string;
      expect((await ctx.post(CANCEL_DELETE, { token: again })).body).toEqual({ rspCode: 0, rspMsg: '成功', data: {} });
      expect((await userRow(ctx, me.id)).closingAt).toBeNull();
      const later = await ctx.post(LOGIN, { phone: me.phone, password: PASSWORD });
      expect(later.body.rspCode).toBe(0);
      expect(later.body.data).not.toHaveProperty('closingAt');
      // A cancelled closing is never swept.
      await sweep(ctx.app(), new Date(Date.now() + 30 * DAY));
      expect((await userRow(ctx, me.id)).closedAt).toBeNull();
    });

    it('closes nothing before the cooling-off ends, and the account after it, with a controlled clock', async () => {
      const me = await signUp(ctx);
      const closingAt = await askToClose(ctx, me.token);
      expect(await sweep(ctx.app(), new Date(closingAt - 1000))).toBe(0);
      expect((await userRow(ctx, me.id)).closedAt).toBeNull();
      expect(await sweep(ctx.app(), new Date(closingAt + 1000))).toBeGreaterThanOrEqual(1);
      expect((await userRow(ctx, me.id)).closedAt).not.toBeNull();
      // Swept once: a second sweep finds nothing more of it.
      await sweep(ctx.app(), new Date(closingAt + 2000));
      expect(await ctx.db().select().from(pointsLedger).where(eq(pointsLedger.userId, Number(me.id)))).toHaveLength(2);
    });

    it('deletes the personal data and files, refunds live tasks (a running one too), forfeits the balance and frees the phone', async () => {
      const me = await signUp(ctx);
      const userId = Number(me.id);
      const db = ctx.db();
      const code = await makeCode(db, { points: 30, days: 30 });
      expect((await ctx.post('/api/v1/activationCode/activate', { token: me.token, code })).body.rspCode).toBe(0);
      // 40 points: an avatar, a picture, a finished video with its files and a share link, a running render and a queued one.
      const avatar = await uploadImage(ctx, me.token, 'avatar');
      expect((await ctx.post(CHANGE_INFO, { token: me.token, avatar, name: '张三' })).body.rspCode).toBe(0);
      const picture = await uploadImage(ctx, me.token);
      const done = await saveOk(ctx, me.token, { title: '我的秘密旅行', images: [picture] });
      const outputs = await outputKeysOf(ctx, done.id);
      await ctx.app().storage.put(outputs.video, fakeVideo(done.id), { contentType: 'video/mp4' });
      await ctx.app().storage.put(outputs.cover, fakeCover(done.id), { contentType: 'image/jpeg' });
      await db.update(videoTasks).set({ status: 'succeeded', progress: 100, videoKey: outputs.video, coverKey: outputs.cover, finishedAt: new Date() }).where(eq(videoTasks.id, Number(done.id)));
      await createShareLink(db, userId, done.id, false, 'http://localhost');
      const running = await saveOk(ctx, me.token, { title: '正在生成' });
      const provider = new TestProvider({ steps: 400, stepMs: 50 });
      pools.push(testWorkers(ctx, provider));
      const call = await provider.started(running.id);
      await waitForStatus(ctx, running.id, 'processing');
      const queued = await saveOk(ctx, me.token, { title: '排队中' });
      expect((await userRow(ctx, userId)).points).toBe(25);

      const closingAt = await askToClose(ctx, me.token);
      expect(await sweep(ctx.app(), new Date(closingAt + 1))).toBeGreaterThanOrEqual(1);
      await new Promise<void>((resolve) => (call.outcome ? resolve() : provider.once('end', () => resolve())));
      expect(call.outcome).toBe('aborted');

      // Live tasks cancelled and refunded once each, then the balance (all of it) forfeited.
      for (const id of [running.id, queued.id]) {
        const row = await taskRow(ctx, id);
        expect([row.status, row.refunded]).toEqual(['cancelled', true]);
      }
      const ledger = await db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(pointsLedger.id);
      expect(ledger.map((row) => [row.type, row.change, row.balance])).toEqual([
        ['register', WELCOME, WELCOME],
        ['redeem', 30, 40],
        ['generate', -5, 35],
        ['generate', -5, 30],
        ['generate', -5, 25],
        ['refund', 5, 30],
        ['refund', 5, 35],
        ['close', -35, 0],
      ]);
      // Kept for accounting, with no words of the user's in them.
      expect(ledger.map((row) => row.title).join('|')).not.toMatch(/秘密|正在生成|排队中|「/);
      expect(ledger.at(-1)!.title).toBe('注销账号，积分清零');
      const [redeemed] = await db.select().from(activationCodes).where(eq(activationCodes.redeemedBy, userId));
      expect(redeemed).toBeDefined();

      // The user row is anonymised; its sessions, files and links are gone.
      const row = await userRow(ctx, userId);
      expect(row).toMatchObject({ phone: `closed:${userId}`, passwordHash: '', nickname: '已注销用户', name: '', avatar: '', points: 0, memberUntil: null });
      expect(row.closedAt).not.toBeNull();
      expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
      expect(await db.select().from(files).where(eq(files.userId, userId))).toEqual([]);
      expect(await db.select().from(shareLinks).where(eq(shareLinks.taskId, Number(done.id)))).toEqual([]);
      const tasks = await db.select().from(videoTasks).where(eq(videoTasks.userId, userId));
      expect(tasks.map((task) => [task.title, task.prompt, task.images, task.deletedAt !== null])).toEqual(tasks.map(() => ['', '', [], true]));
      const store = ctx.app().storage;
      for (const url of [avatar, picture]) expect(await store.head(url.replace(/^\/files\//, ''))).toBeNull();
      expect(await store.head(outputs.video)).toBeNull();
      expect(await store.head(outputs.cover)).toBeNull();

      // The phone is free: it registers anew as a new account, with the welcome points.
      const fresh = await ctx.post(LOGIN, { phone: me.phone, password: 'another-pass2' });
      expect(fresh.body).toMatchObject({ rspCode: 0, data: { phone: me.phone, createNum: WELCOME, welcomePoints: WELCOME } });
      expect(fresh.body.data.id).not.toBe(me.id);
      // The old password opens nothing.
      expect((await ctx.post(LOGIN, { phone: me.phone, password: PASSWORD })).body).toMatchObject({ rspCode: 1 });
      await expectLedgerMatchesBalances(db);
    });

    it('stops the worker rendering a task of an account it closes', async () => {
      const me = await signUp(ctx);
      const running = await saveOk(ctx, me.token, { title: '长视频' });
      const provider = new TestProvider({ steps: 400, stepMs: 50 });
      pools.push(testWorkers(ctx, provider));
      const call = await provider.started(running.id);
      await waitForStatus(ctx, running.id, 'processing');
      const closingAt = await askToClose(ctx, me.token);
      await sweep(ctx.app(), new Date(closingAt + 1));
      await new Promise<void>((resolve) => (call.outcome ? resolve() : provider.once('end', () => resolve())));
      expect(call.outcome).toBe('aborted');
      const row = await taskRow(ctx, running.id);
      expect([row.status, row.refunded, row.title]).toEqual(['cancelled', true, '']);
      expect(await ctx.app().storage.head((await outputKeysOf(ctx, running.id)).video)).toBeNull();
    });

    // Two processes need a database both can reach: PostgreSQL only (PGlite belongs to one process).
    (ctx.engine === 'postgres' ? it : it.skip)('closes each account once when two API processes sweep at once', async () => {
      const other = await buildApp(testConfig({ DATABASE_URL: ctx.databaseUrl(), WORKERS: '0' }), { accountJobs: { disabled: true } });
      await other.ready();
      try {
        const accounts = await Promise.all(Array.from({ length: 8 }, () => signUp(ctx)));
        for (const account of accounts) await saveOk(ctx, account.token);
        const closingAts = await Promise.all(accounts.map((account) => askToClose(ctx, account.token)));
        const now = new Date(Math.max(...closingAts) + 1);
        const [a, b] = await Promise.all([sweep(ctx.app(), now), sweep(other, now)]);
        expect(a + b).toBeGreaterThanOrEqual(accounts.length);
        const ids = accounts.map((account) => Number(account.id));
        const rows = await ctx.db().select().from(pointsLedger).where(inArray(pointsLedger.userId, ids));
        for (const id of ids) {
          const own = rows.filter((row) => row.userId === id);
          expect(own.filter((row) => row.type === 'refund')).toHaveLength(1);
          expect(own.filter((row) => row.type === 'close')).toEqual([expect.objectContaining({ change: -WELCOME, balance: 0 })]);
        }
        await expectLedgerMatchesBalances(ctx.db());
      } finally {
        await other.close();
      }
    });
  },
  { WELCOME_POINTS: String(WELCOME), ACCOUNT_DELETE_DAYS: '15' },
  { ownConnection: true, defaults: { WORKERS: '0' }, accountJobs: { disabled: true } },
);

describeEngines(
  '注销账号 with ACCOUNT_DELETE_DAYS=0',
  (ctx) => {
    it('closes the account at the next sweep', async () => {
      const me = await signUp(ctx);
      const closingAt = await askToClose(ctx, me.token);
      expect(closingAt).toBeLessThanOrEqual(Date.now());
      expect(await closeDueAccounts({ db: ctx.db(), store: ctx.app().storage, signals: ctx.app().taskSignals }, new Date())).toBeGreaterThanOrEqual(1);
      expect((await userRow(ctx, me.id)).closedAt).not.toBeNull();
      expect((await ctx.post(LOGIN, { phone: me.phone, password: PASSWORD })).body.data.welcomePoints).toBe(10);
    });
  },
  { ACCOUNT_DELETE_DAYS: '0' },
  { accountJobs: { disabled: true } },
);

describeEngines(
  '注销账号 swept by the app’s own job',
  (ctx) => {
    it('closes an account with ACCOUNT_DELETE_DAYS=0 at its next sweep, by itself', async () => {
      const me = await signUp(ctx);
      await askToClose(ctx, me.token);
      await waitUntil(async () => (await userRow(ctx, me.id)).closedAt !== null, 20_000, 'the sweep to close the account');
      expect((await userRow(ctx, me.id)).phone).toBe(`closed:${me.id}`);
    });
  },
  { ACCOUNT_DELETE_DAYS: '0' },
  // Every 100 ms instead of every minute: the job is under test, not its period.
  { accountJobs: { sweepEveryMs: 100 } },
);
