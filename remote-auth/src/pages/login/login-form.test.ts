import { ApiError, RequestError } from '@app/shared';
import { loginErrorText, validateLogin } from './login-form';

const ok = { phone: '13800138000', password: 'secret1', code: '', agreed: true };

describe('validateLogin', () => {
  it('accepts a mainland mobile number, a 6..32 character password and the agreement', () => {
    expect(validateLogin(ok)).toEqual({});
    // An existing account may have an older, weaker password: only the server knows the phone is new.
    expect(validateLogin({ ...ok, password: '123456' })).toEqual({});
    expect(validateLogin({ ...ok, password: '密'.repeat(32) })).toEqual({});
  });

  it('names every problem in Chinese', () => {
    expect(validateLogin({ phone: '', password: '', code: '', agreed: false })).toEqual({
      phone: '请输入手机号',
      password: '请输入密码',
      agreed: '请先阅读并同意用户协议和隐私政策',
    });
    expect(validateLogin({ ...ok, phone: '12800138000' }).phone).toBe('请输入正确的 11 位手机号');
    expect(validateLogin({ ...ok, phone: '1380013800' }).phone).toBe('请输入正确的 11 位手机号');
    expect(validateLogin({ ...ok, password: '12345' }).password).toBe('密码不能少于 6 位');
    expect(validateLogin({ ...ok, password: 'x'.repeat(33) }).password).toBe('密码不能超过 32 位');
  });
});

describe('loginErrorText', () => {
  it("says the server's reason, the lockout, the network", () => {
    expect(loginErrorText(new ApiError({ rspCode: 1, rspMsg: '手机号或密码错误' }))).toBe('手机号或密码错误');
    expect(loginErrorText(new RequestError('', { errMsg: '', status: 429, data: { msg: '操作过于频繁，请 15 分钟后再试' } }))).toBe('密码错误次数过多，请 15 分钟后再试');
    expect(loginErrorText(new RequestError('', { errMsg: '', status: 429 }))).toBe('密码错误次数过多，请稍后再试');
    expect(loginErrorText(new RequestError('网络错误，换个网络试试', { errMsg: '', code: 602001 }))).toBe('网络错误，换个网络试试');
    expect(loginErrorText(new RequestError('timeout', { errMsg: '' }))).toBe('请求超时，请重试');
    expect(loginErrorText(new RequestError('服务器出错了', { errMsg: '', status: 500 }))).toBe('服务器出错了');
    expect(loginErrorText(new Error('x'))).toBe('登录失败，请重试');
  });
});
