import { sql } from 'drizzle-orm';
import { REMOTE_REPORT_LIMIT } from '@app/contract';
import { describeEngines, type EngineContext } from '../../../../helpers/engines.js';

const REPORT = '/api/v1/remotes/report';
const ADMIN_TOKEN = 'admin-token-for-the-report-tests';
const valid = { remote: 'account', version: '1.0.1', page: 'pages/my/myIndex', kind: 'missing' };

describeEngines(
  'POST /api/v1/remotes/report',
  (ctx: EngineContext) => {
    /** A report from one client address (inject's remoteAddress: each test its own, as the limit counts per address). */
    const report = (body: Record<string, unknown>, address: string) =>
      ctx.app().inject({ method: 'POST', url: REPORT, payload: body, remoteAddress: address });
    const failures = async () => {
      const res = await ctx.post('/admin/api/remotes/list', {}, { authorization: `Bearer ${ADMIN_TOKEN}` });
      expect(res.body.rspCode).toBe(0);
      return res.body.data.failures as { name: string; version: string; kind: string; count: number }[];
    };

    it('stores a valid report without a login, and refuses, storing nothing, what is not one', async () => {
      const ok = await report(valid, '10.0.0.1');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ rspCode: 0, rspMsg: '成功', data: {} });
      const refused: [Record<string, unknown>, string][] = [
        [{ ...valid, kind: 'exploded' }, '失败类型只能是 missing、network、timeout、incompatible、crashed'],
        [{ ...valid, remote: 'admin' }, '远程模块只能是 create、account、auth'],
        [{ ...valid, page: '' }, '页面不能为空'],
        [{ ...valid, page: 'x'.repeat(201) }, '页面不能超过 200 个字'],
        [{ ...valid, version: 'v'.repeat(65) }, '版本不能超过 64 个字'],
        [{ remote: 'account', page: 'pages/my/myIndex', version: '1.0.1' }, '失败类型不能为空'],
      ];
      for (const [body, message] of refused) {
        const res = await report(body, '10.0.0.1');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ rspCode: 2, rspMsg: message });
      }
      const rows = ((await ctx.db().execute(sql`SELECT name, version, page, kind FROM remote_failures`)) as unknown as { rows: unknown[] }).rows;
      expect(rows).toEqual([{ name: 'account', version: '1.0.1', page: 'pages/my/myIndex', kind: 'missing' }]);
    });

    it(`takes ${REMOTE_REPORT_LIMIT.max} reports a minute from one address, sent at once over HTTP; the rest get 429`, async () => {
      const url = await ctx.app().listen({ port: 0, host: '127.0.0.1' });
      try {
        const sent = REMOTE_REPORT_LIMIT.max + 15;
        const answers = await Promise.all(
          Array.from({ length: sent }, () =>
            fetch(`${url}${REPORT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...valid, remote: 'auth' }) }),
          ),
        );
        const statuses = answers.map((a) => a.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(REMOTE_REPORT_LIMIT.max);
        expect(statuses.filter((s) => s === 429)).toHaveLength(15);
        const limited = answers.find((a) => a.status === 429)!;
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await limited.json()).toEqual({ msg: expect.stringMatching(/^操作过于频繁/) });
        // Another address is counted on its own.
        expect((await report({ ...valid, remote: 'auth' }, '10.0.0.99')).statusCode).toBe(200);
        const auth = (await failures()).filter((f) => f.name === 'auth');
        expect(auth).toEqual([{ name: 'auth', version: '1.0.1', kind: 'missing', count: REMOTE_REPORT_LIMIT.max + 1 }]);
      } finally {
        await ctx.app().server.close();
      }
    });

    it('remotes list counts the last hour per remote, version and kind; older reports are not counted', async () => {
      for (const [i, kind] of ['network', 'network', 'timeout'].entries()) {
        expect((await report({ ...valid, remote: 'create', version: '2.0.0', kind }, `10.0.1.${i}`)).statusCode).toBe(200);
      }
      expect((await report({ ...valid, remote: 'create', version: '1.9.0', kind: 'crashed' }, '10.0.1.9')).statusCode).toBe(200);
      await ctx.db().execute(sql`INSERT INTO remote_failures (name, version, page, kind, at)
        VALUES ('create', '2.0.0', 'pages/index/index', 'network', now() - interval '61 minutes')`);
      expect((await failures()).filter((f) => f.name === 'create')).toEqual([
        { name: 'create', version: '1.9.0', kind: 'crashed', count: 1 },
        { name: 'create', version: '2.0.0', kind: 'network', count: 2 },
        { name: 'create', version: '2.0.0', kind: 'timeout', count: 1 },
      ]);
    });
  },
  { ADMIN_TOKEN },
);
