import { Type } from '@sinclair/typebox';
import { call, SignedIn } from '../call';
import { PASSWORD_MAX, PASSWORD_MIN } from '../limits';
import { NO_C0_CONTROL_CHARS, PASSWORD_RULE } from '../rules';
import { Message } from '../schema-kit';
import { SignInResult, UserInfo } from '../shapes';
import { Password, Phone, SIGNED_IN, SmsCode } from './account';

const tags = ['account'];

/** A password being set: the schema takes any 6–32 characters; the handler checks PASSWORD_RULE (rspCode 2 with the rule). */
const NewPassword = Type.String({
  title: '新密码',
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  pattern: NO_C0_CONTROL_CHARS,
  description: `不去除首尾空格；${PASSWORD_RULE}，否则 rspCode 2 给出这条规则`,
});

/** What a signed-in call answers while its account holds a one-time password (before change_password). */
export const MUST_CHANGE_PASSWORD = '请先设置新密码';

/** The calls a session signed in with a one-time password may make (every other signed-in call answers rspCode 5 MUST_CHANGE_PASSWORD). */
export const ONE_TIME_PASSWORD_PATHS = ['/api/v1/account/change_password', '/api/v1/account/logout', '/api/v1/account/logout_all'] as const;

export const resetPassword = call({
  method: 'POST',
  path: '/api/v1/account/reset_password',
  access: 'public',
  tags,
  summary: '忘记密码：用短信验证码重设密码',
  description:
    '验证码由 /api/v1/account/send_code 发送，purpose 为 reset（只发给已注册的手机号）。成功后这个账号的所有登录（所有设备）都结束，' +
    '同一手机号的密码错误次数清零，并直接登录：回答与 login_or_register 相同（新的令牌）。' +
    `新密码须符合规则：${PASSWORD_RULE}（否则 rspCode 2，验证码不被用掉）。` +
    '验证码错误：rspCode 1「验证码错误」；没有有效的验证码（未发送、超过 5 分钟、已用过或已错 5 次；同时发出的请求也计入）：rspCode 1「验证码已失效，请重新获取」——同一个验证码同时发出多次，只有一次成功。' +
    '未配置短信服务：rspCode 1「短信验证码暂不可用，请使用密码登录」。',
  body: Type.Object({ phone: Phone, code: SmsCode, password: NewPassword }),
  data: SignInResult,
});

export const changePassword = call({
  method: 'POST',
  path: '/api/v1/account/change_password',
  access: 'user',
  tags,
  summary: '修改密码',
  description:
    `${SIGNED_IN}设置过密码的账号（userInfo.hasPassword 为 true）须给出原密码 oldPassword：不给 rspCode 2「请输入原密码」，` +
    '错误 rspCode 1「原密码错误」，与登录共用密码错误次数（同一手机号 15 分钟内 5 次，之后 HTTP 429，带 Retry-After）。' +
    '用短信验证码注册、还没设过密码的账号（hasPassword 为 false）不用给 oldPassword，这一次设置的就是第一个密码。' +
    '用一次性密码登录的（登录回答 mustChangePassword 为 true）在这里把一次性密码作为 oldPassword 换成自己的密码。' +
    `新密码须符合规则：${PASSWORD_RULE}（否则 rspCode 2）。成功后这个用户其他所有的登录都结束（它们的下一次调用得到 rspCode 6），本次的令牌照常有效；回答当前用户信息。`,
  body: SignedIn({ oldPassword: Type.Optional(Password), newPassword: NewPassword }),
  data: UserInfo,
  responses: {
    429: Message('同一手机号 15 分钟内密码错误 5 次（登录与修改密码合计）；Retry-After 头给出还需等待的秒数'),
  },
});

export const logoutAll = call({
  method: 'POST',
  path: '/api/v1/account/logout_all',
  access: 'user',
  tags,
  summary: '退出所有设备',
  description: `${SIGNED_IN}吊销这个用户的所有令牌，包括本次请求所用的：每台设备的下一次调用都得到 rspCode 6。`,
  body: SignedIn(),
  data: Type.Object({}, { additionalProperties: false }),
});

/** 忘记密码, 修改密码 and 退出所有设备 (docs/product.md "忘记密码", "修改密码"). */
export const passwordCalls = { resetPassword, changePassword, logoutAll };
