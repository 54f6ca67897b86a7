import { fail, ok, RspCode } from '../../src/lib/envelope.js';

describe('envelope', () => {
  it('wraps data in a success', () => {
    expect(ok({ name: 'x' })).toEqual({ rspCode: 0, rspMsg: '成功', data: { name: 'x' } });
  });

  it('builds a failure without data', () => {
    expect(fail(RspCode.invalidParam, '缺少参数 name')).toEqual({ rspCode: 2, rspMsg: '缺少参数 name' });
  });

  it('numbers the business codes as docs/api.md "Conventions" does', () => {
    expect(RspCode).toEqual({ ok: 0, failed: 1, invalidParam: 2, notEnoughPoints: 3, notFound: 4, notAllowed: 5, notSignedIn: 6 });
  });
});
