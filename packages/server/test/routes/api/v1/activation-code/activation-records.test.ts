import { makeCode } from '../../../../helpers/codes.js';
import { describeEngines } from '../../../../helpers/engines.js';
import { signedInUser } from '../../../../helpers/users.js';

const URL = '/api/v1/activationCode/activation_records';

describeEngines('POST /api/v1/activationCode/activation_records', (ctx) => {
  /** A user who redeemed three codes, one after the other: 10 points, then 20 with 7 days, then 30 days. */
  async function userWithThreeRedemptions() {
    const signedIn = await signedInUser(ctx.db());
    const codes: string[] = [];
    for (const batch of [{ points: 10, days: 0 }, { points: 20, days: 7 }, { points: 0, days: 30 }]) {
      const code = await makeCode(ctx.db(), batch);
      const res = await ctx.post('/api/v1/activationCode/activate', { token: signedIn.token, code });
      expect(res.body.rspCode).toBe(0);
      codes.push(code);
    }
    return { ...signedIn, codes };
  }

  it('lists a new user with no records as an empty page', async () => {
    const { token } = await signedInUser(ctx.db());
    expect((await ctx.post(URL, { token })).body).toEqual({
      rspCode: 0,
      rspMsg: '成功',
      data: { list: [], total: 0, page: 1, pageSize: 10, hasMore: false },
    });
  });

  it('lists the redeemed codes newest first, masked, with what they granted', async () => {
    const { token, codes } = await userWithThreeRedemptions();
    const before = Date.now();
    const { body } = await ctx.post(URL, { token });
    expect(body.rspCode).toBe(0);
    expect(body.data).toMatchObject({ total: 3, page: 1, pageSize: 10, hasMore: false });
    const mask = (code: string) => `${code.slice(0, 4)}********${code.slice(12)}`;
    expect(body.data.list).toEqual([
      { id: expect.stringMatching(/^\d+$/), code: mask(codes[2]!), points: 0, days: 30, createdAt: expect.any(Number) },
      { id: expect.stringMatching(/^\d+$/), code: mask(codes[1]!), points: 20, days: 7, createdAt: expect.any(Number) },
      { id: expect.stringMatching(/^\d+$/), code: mask(codes[0]!), points: 10, days: 0, createdAt: expect.any(Number) },
    ]);
    for (const record of body.data.list) {
      expect(record.code).toMatch(/^[A-HJ-NP-Z2-9]{4}\*{8}[A-HJ-NP-Z2-9]{4}$/);
      expect(record.createdAt).toBeGreaterThan(before - 60_000);
      expect(record.createdAt).toBeLessThanOrEqual(before);
    }
    expect(JSON.stringify(body)).not.toContain(codes[0]);
  });

  it('pages: page 2 holds the rest, and hasMore says when more come', async () => {
    const { token, codes } = await userWithThreeRedemptions();
    const first = await ctx.post(URL, { token, page: 1, pageSize: 2 });
    expect(first.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2, hasMore: true });
    expect(first.body.data.list.map((r: { points: number }) => r.points)).toEqual([0, 20]);
    const second = await ctx.post(URL, { token, page: 2, pageSize: 2 });
    expect(second.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2, hasMore: false });
    expect(second.body.data.list).toEqual([expect.objectContaining({ points: 10, code: expect.stringMatching(new RegExp(`^${codes[0]!.slice(0, 4)}`)) })]);
    const beyond = await ctx.post(URL, { token, page: 3, pageSize: 2 });
    expect(beyond.body.data).toEqual({ list: [], total: 3, page: 3, pageSize: 2, hasMore: false });
  });

  it("shows only the caller's own records", async () => {
    await userWithThreeRedemptions();
    const { token } = await signedInUser(ctx.db());
    expect((await ctx.post(URL, { token })).body.data.total).toBe(0);
  });

  it('answers rspCode 6 without a valid token', async () => {
    expect((await ctx.post(URL, {})).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
    expect((await ctx.post(URL, { token: "' OR 1=1 --" })).body).toEqual({ rspCode: 6, rspMsg: '请先登录' });
  });

  it.each([
    [{ page: 0 }, '页码不能小于 1'],
    [{ page: -1 }, '页码不能小于 1'],
    [{ page: '2' }, '页码格式不正确'],
    [{ page: 1.5 }, '页码格式不正确'],
    [{ pageSize: 0 }, '每页条数不能小于 1'],
    [{ pageSize: 51 }, '每页条数不能大于 50'],
    [{ pageSize: null }, '每页条数格式不正确'],
    [{ token: { $ne: '' } }, '登录令牌格式不正确'],
    [{ token: 'x'.repeat(100_000) }, '登录令牌不能超过 200 个字'],
  ])('answers rspCode 2 for %j', async (body, rspMsg) => {
    const { token } = await signedInUser(ctx.db());
    expect((await ctx.post(URL, { token, ...body })).body).toEqual({ rspCode: 2, rspMsg });
  });
});
