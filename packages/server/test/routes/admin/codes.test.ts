import type { CodeBatch } from '@app/contract';
import { eq } from 'drizzle-orm';
import { activationCodes, codeBatches } from '../../../src/db/schema.js';
import { describeEngines } from '../../helpers/engines.js';
import { signedInUser } from '../../helpers/users.js';

const ADMIN_TOKEN = 'admin-token-for-the-codes-tests';

describeEngines(
  'admin API: activation codes',
  (ctx) => {
    const admin = (route: string, body: Record<string, unknown>) => ctx.post(`/admin/api/codes${route}`, body, { authorization: `Bearer ${ADMIN_TOKEN}` });
    const create = async (body: Record<string, unknown>) => {
      const res = await admin('/create', body);
      expect(res.body.rspCode).toBe(0);
      return res.body.data as { batch: CodeBatch; codes: string[] };
    };
    const redeem = (token: string, code: string) => ctx.post('/api/v1/activationCode/activate', { token, code });

    describe('create', () => {
      it('makes a batch and answers all of its codes', async () => {
        const endsAt = Date.now() + 7 * 24 * 3600_000;
        const res = await admin('/create', { points: 100, days: 30, count: 5, endsAt, note: '  渠道A  ' });
        expect(res.body).toEqual({
          rspCode: 0,
          rspMsg: '成功',
          data: {
            batch: { id: expect.stringMatching(/^\d+$/), points: 100, days: 30, count: 5, endsAt, note: '渠道A', createdAt: expect.any(Number), unused: 5, used: 0, disabled: 0, expired: 0 },
            codes: expect.any(Array),
          },
        });
        const { codes } = res.body.data;
        expect(codes).toHaveLength(5);
        for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
        const { token } = await signedInUser(ctx.db());
        expect((await redeem(token, codes[0])).body.data).toMatchObject({ points: 100, days: 30, createNum: 100 });
      });

      it('takes endsAt 0 or none as no end, and note as optional', async () => {
        expect((await create({ points: 1, days: 0, count: 1 })).batch).toMatchObject({ endsAt: 0, note: '' });
        expect((await create({ points: 1, days: 0, count: 1, endsAt: 0 })).batch).toMatchObject({ endsAt: 0 });
      });

      it.each([
        [{ days: 0, count: 1 }, '积分不能为空'],
        [{ points: 1, count: 1 }, '会员天数不能为空'],
        [{ points: 1, days: 0 }, '数量不能为空'],
        [{ points: -1, days: 0, count: 1 }, '积分不能小于 0'],
        [{ points: '10', days: 0, count: 1 }, '积分格式不正确'],
        [{ points: 1.5, days: 0, count: 1 }, '积分格式不正确'],
        [{ points: 1, days: 3651, count: 1 }, '会员天数不能大于 3650'],
        [{ points: 1, days: 0, count: 0 }, '数量不能小于 1'],
        [{ points: 1, days: 0, count: 10_001 }, '数量不能大于 10000'],
        [{ points: 0, days: 0, count: 1 }, '积分和会员天数不能都为 0'],
        [{ points: 1, days: 0, count: 1, endsAt: Date.now() - 1000 }, '截止时间必须晚于现在'],
        [{ points: 1, days: 0, count: 1, endsAt: '2030-01-01' }, '截止时间格式不正确'],
        [{ points: 1, days: 0, count: 1, note: 'x'.repeat(101) }, '备注不能超过 100 个字'],
        [{ points: 1, days: 0, count: 1, note: 'a\u0000b' }, '备注不能包含控制字符'],
        [{ points: 1, days: 0, count: 1, note: 'y'.repeat(500_000) }, '备注不能超过 100 个字'],
      ])('answers rspCode 2 for %j and makes nothing', async (body, rspMsg) => {
        const before = await ctx.db().$count(activationCodes);
        expect((await admin('/create', body)).body).toEqual({ rspCode: 2, rspMsg });
        expect(await ctx.db().$count(activationCodes)).toBe(before);
      });

      it('stores an SQL-looking note as text', async () => {
        const note = "'); DROP TABLE code_batches; --";
        expect((await create({ points: 1, days: 0, count: 1, note })).batch.note).toBe(note);
      });
    });

    describe('batches and list', () => {
      it('shows each code with its status, who redeemed it and when', async () => {
        const { batch, codes } = await create({ points: 10, days: 0, count: 4, note: '状态' });
        const { user, token } = await signedInUser(ctx.db());
        const before = Date.now();
        expect((await redeem(token, codes[0]!)).body.rspCode).toBe(0);
        expect((await admin('/disable', { code: codes[1] })).body.rspCode).toBe(0);

        const { body } = await admin('/list', { batchId: batch.id });
        expect(body.data).toMatchObject({ total: 4, page: 1, pageSize: 100, hasMore: false });
        const byCode = new Map(body.data.list.map((c: { code: string }) => [c.code, c]));
        expect(byCode.get(codes[0]!)).toEqual({
          id: expect.stringMatching(/^\d+$/),
          code: codes[0],
          batchId: batch.id,
          status: 'used',
          points: 10,
          days: 0,
          endsAt: 0,
          redeemedByPhone: user.phone,
          redeemedAt: expect.any(Number),
          disabledAt: 0,
          createdAt: expect.any(Number),
        });
        expect((byCode.get(codes[0]!) as { redeemedAt: number }).redeemedAt).toBeGreaterThanOrEqual(before - 1000);
        expect(byCode.get(codes[1]!)).toMatchObject({ status: 'disabled', redeemedByPhone: '', redeemedAt: 0, disabledAt: expect.any(Number) });
        expect(byCode.get(codes[2]!)).toMatchObject({ status: 'unused' });

        const batches = await admin('/batches', { pageSize: 1000 });
        expect(batches.body.data.list.find((b: CodeBatch) => b.id === batch.id)).toMatchObject({ count: 4, unused: 2, used: 1, disabled: 1, expired: 0 });
      });

      it('marks the unredeemed codes of a batch past its end as expired', async () => {
        const { batch, codes } = await create({ points: 1, days: 0, count: 2, endsAt: Date.now() + 60_000 });
        const { token } = await signedInUser(ctx.db());
        expect((await redeem(token, codes[0]!)).body.rspCode).toBe(0);
        // The end comes: move it back rather than wait.
        await ctx.db().update(codeBatches).set({ endsAt: new Date(Date.now() - 60_000) }).where(eq(codeBatches.id, Number(batch.id)));
        const list = (await admin('/list', { batchId: batch.id })).body.data.list as { code: string; status: string }[];
        expect(Object.fromEntries(list.map((c) => [c.code, c.status]))).toEqual({ [codes[0]!]: 'used', [codes[1]!]: 'expired' });
        expect((await admin('/batches', { pageSize: 1000 })).body.data.list.find((b: CodeBatch) => b.id === batch.id)).toMatchObject({ unused: 0, used: 1, expired: 1 });
      });

      it('lists batches and codes newest first, in pages', async () => {
        const older = await create({ points: 1, days: 0, count: 3 });
        const newer = await create({ points: 2, days: 0, count: 3 });
        const batches = await admin('/batches', { page: 1, pageSize: 2 });
        expect(batches.body.data.list.map((b: CodeBatch) => b.id)).toEqual([newer.batch.id, older.batch.id]);
        expect(batches.body.data.hasMore).toBe(true);

        const page1 = await admin('/list', { batchId: older.batch.id, pageSize: 2 });
        const page2 = await admin('/list', { batchId: older.batch.id, page: 2, pageSize: 2 });
        expect(page1.body.data).toMatchObject({ total: 3, hasMore: true });
        expect(page2.body.data).toMatchObject({ total: 3, hasMore: false });
        const listed = [...page1.body.data.list, ...page2.body.data.list].map((c: { code: string }) => c.code);
        expect([...listed].sort()).toEqual([...older.codes].sort());

        const all = await admin('/list', { pageSize: 1 });
        expect(all.body.data.list[0].batchId).toBe(newer.batch.id);
      });

      it.each([
        ['/list', { batchId: '999999999' }, 4, '批次不存在'],
        ['/list', { batchId: 'abc' }, 2, '批次ID格式不正确'],
        ['/list', { batchId: 5 }, 2, '批次ID格式不正确'],
        ['/list', { batchId: "1 OR 1=1" }, 2, '批次ID格式不正确'],
        ['/list', { pageSize: 1001 }, 2, '每页条数不能大于 1000'],
        ['/batches', { page: 0 }, 2, '页码不能小于 1'],
        ['/batches', { pageSize: 'all' }, 2, '每页条数格式不正确'],
      ])('%s %j answers rspCode %d', async (route, body, rspCode, rspMsg) => {
        expect((await admin(route, body)).body).toEqual({ rspCode, rspMsg });
      });
    });

    describe('disable', () => {
      it('stops a code from being redeemed; doing it twice changes nothing', async () => {
        const { codes } = await create({ points: 5, days: 0, count: 1 });
        const code = codes[0]!;
        const first = await admin('/disable', { code: code.toLowerCase().replace(/(.{4})/g, '$1-') });
        expect(first.body).toMatchObject({ rspCode: 0, data: { code, status: 'disabled', disabledAt: expect.any(Number) } });
        const again = await admin('/disable', { code });
        expect(again.body.data.disabledAt).toBe(first.body.data.disabledAt);

        const { token } = await signedInUser(ctx.db());
        expect((await redeem(token, code)).body).toEqual({ rspCode: 5, rspMsg: '激活码已停用' });
      });

      it('cannot take back a redeemed code (rspCode 5), nor disable an unknown one (rspCode 4)', async () => {
        const { codes } = await create({ points: 5, days: 0, count: 1 });
        const { token } = await signedInUser(ctx.db());
        expect((await redeem(token, codes[0]!)).body.rspCode).toBe(0);
        expect((await admin('/disable', { code: codes[0] })).body).toEqual({ rspCode: 5, rspMsg: '激活码已被使用，不能停用' });
        const [row] = await ctx.db().select().from(activationCodes).where(eq(activationCodes.code, codes[0]!));
        expect(row?.disabledAt).toBeNull();

        expect((await admin('/disable', { code: 'ABCDEFGHJKLMNPQR' })).body).toEqual({ rspCode: 4, rspMsg: '激活码不存在' });
        expect((await admin('/disable', { code: "' OR ''='" })).body).toEqual({ rspCode: 4, rspMsg: '激活码不存在' });
      });

      it.each([
        [{}, '激活码不能为空'],
        [{ code: 7 }, '激活码格式不正确'],
        [{ code: 'A\u001bB' }, '激活码不能包含控制字符'],
        [{ code: 'A'.repeat(65) }, '激活码不能超过 64 个字'],
      ])('answers rspCode 2 for %j', async (body, rspMsg) => {
        expect((await admin('/disable', body)).body).toEqual({ rspCode: 2, rspMsg });
      });
    });
  },
  { ADMIN_TOKEN },
);
