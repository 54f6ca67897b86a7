import { Type } from '@sinclair/typebox';
import { call, SignedIn } from '../call';
import { NAME_MAX, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_PATTERN } from '../limits';
import { NO_C0_CONTROL_CHARS, PASSWORD_RULE } from '../rules';
import { Message, Text } from '../schema-kit';
import { SignInResult, UserInfo } from '../shapes';

const tags = ['account'];

/** A mainland mobile number. */
export const Phone = Type.String({ title: '手机号', pattern: PHONE_PATTERN, description: '中国大陆手机号，11 位' });
/**
 * Taken exactly as typed (never trimmed): a space is part of a password. The schema takes every
 * password an account may already have (6–32 characters, as the rule once was); a new account's
 * password must meet PASSWORD_RULE, checked when the phone turns out to be new.
 */
export const Password = Type.String({
  title: '密码',
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  pattern: NO_C0_CONTROL_CHARS,
  description: `不去除首尾空格。注册（未注册的手机号）时：${PASSWORD_RULE}，否则 rspCode 2 给出这条规则；登录已有账号时 6–32 个字符即可（较早设定的密码照常可用）`,
});
/** An SMS code as /api/v1/account/send_code sends it. */
export const SMS_CODE_PATTERN = '^[0-9]{6}$';
export const SmsCode = Type.String({ title: '验证码', pattern: SMS_CODE_PATTERN, description: '短信验证码，6 位数字' });
export const SMS_PURPOSES = ['login', 'reset', 'delete'] as const;
const nickname = Text('昵称', { min: 1, max: NICKNAME_MAX });
const name = Text('姓名', { max: NAME_MAX });
/** Checked against the user's uploads by the handler (`头像地址无效` otherwise); length-capped here. */
const avatar = Text('头像', { max: 1000 }, { description: '本服务为该用户上传签发的地址（stsPolicy 的 url），或空字符串表示不设头像' });

/** How signed-in calls say who they are (docs/api.md "Conventions"). */
export const SIGNED_IN = '需要登录：令牌放在 body 的 token 里，或用 `Authorization: Bearer <token>`；缺失、未知、过期或已退出的令牌得到 rspCode 6「请先登录」。';

export const loginOrRegister = call({
  method: 'POST',
  path: '/api/v1/account/login_or_register',
  access: 'public',
  tags,
  summary: '登录或注册',
  description:
    '已注册的手机号用密码登录；未注册的手机号直接注册（昵称默认「用户」+ 手机号后 4 位，赠送欢迎积分并记一条 register 积分记录）。' +
    '密码错误：rspCode 1「手机号或密码错误」。同一手机号 15 分钟内密码错误 5 次：HTTP 429（带 Retry-After），窗口过去前正确的密码也被拒绝；' +
    '同时发出的请求也计入，每个窗口最多核对 5 个错误密码。同一客户端地址（IPv6 按 /64）每小时最多注册 SIGNUP_LIMIT 个新账号（默认 20），超出：HTTP 429（带 Retry-After）；登录不计入。' +
    'nickname 只在注册时使用，登录时忽略。' +
    '也可用短信验证码代替密码（配置了短信服务时，见 /api/v1/account/send_code，purpose 为 login）：给出 code 而不给 password；已注册的手机号直接登录，未注册的注册（同样赠送欢迎积分、计入注册上限）。' +
    '验证码错误：rspCode 1「验证码错误」；没有有效的验证码（未发送、超过 5 分钟、已用过或已错 5 次）：rspCode 1「验证码已失效，请重新获取」；同时发出的请求也计入这 5 次。' +
    '运营人员重设密码后（npm run admin -- users reset-password）用一次性密码登录：回答的 mustChangePassword 为 true，这个令牌在 /api/v1/account/change_password 设置新密码之前，其他需要登录的调用都得到 rspCode 5「请先设置新密码」；这期间用验证码登录则作废一次性密码（账号改用验证码登录，可在修改密码里直接设新密码）。' +
    'password 与 code 须且只能给一个（都不给：rspCode 2「密码不能为空」）；未配置短信服务时给 code：rspCode 1「短信验证码暂不可用，请使用密码登录」。',
  body: Type.Object({ phone: Phone, password: Type.Optional(Password), code: Type.Optional(SmsCode), nickname: Type.Optional(nickname) }),
  data: SignInResult,
  responses: {
    429: Message('同一手机号 15 分钟内密码错误 5 次，或同一地址 1 小时内注册已达上限；Retry-After 头给出还需等待的秒数'),
  },
});

export const sendCode = call({
  method: 'POST',
  path: '/api/v1/account/send_code',
  access: 'public',
  tags,
  summary: '发送短信验证码',
  description:
    '向手机号发送 6 位数字验证码，5 分钟内有效，最多核对 5 次，用过即失效；再次发送后只有最新的验证码有效。' +
    'purpose：login 登录或注册，reset 重设密码，delete 注销账号。无论手机号是否已注册，回答都是「验证码已发送」（reset 与 delete 只发给已注册的手机号）。' +
    '同一手机号每分钟 1 条、每小时 5 条、每天 10 条，同一客户端地址（IPv6 按 /64）每小时 30 条，超出：HTTP 429（带 Retry-After），同时发出的请求也计入。' +
    '短信服务商发送失败：rspCode 1（中文原因），不计入上述次数。未配置短信服务（/api/v1/version/info 的 smsLogin 为 false）：rspCode 1「短信验证码暂不可用，请使用密码登录」。',
  body: Type.Object({ phone: Phone, purpose: Type.Union(SMS_PURPOSES.map((p) => Type.Literal(p)), { title: '用途', description: 'login | reset | delete' }) }),
  data: Type.Object({ msg: Type.Literal('验证码已发送') }, { additionalProperties: false }),
  responses: {
    429: Message('发送过于频繁（同一手机号每分钟 1 条、每小时 5 条、每天 10 条，或同一地址每小时 30 条）；Retry-After 头给出还需等待的秒数'),
  },
});

export const getAccountInfo = call({
  method: 'POST',
  path: '/api/v1/account/getAccountInfo',
  access: 'user',
  tags,
  summary: '当前用户信息',
  description: `${SIGNED_IN}令牌在最近一次使用后 30 天内有效。`,
  body: SignedIn(),
  data: UserInfo,
});

export const changeInfo = call({
  method: 'POST',
  path: '/api/v1/account/change_info',
  access: 'user',
  tags,
  summary: '修改个人资料',
  description: `${SIGNED_IN}只改给出的字段；一个都不给时原样返回当前用户信息。头像只能是本人上传成功的图片地址（或空字符串），否则 rspCode 2「头像地址无效」。`,
  body: SignedIn({ nickname: Type.Optional(nickname), name: Type.Optional(name), avatar: Type.Optional(avatar) }),
  data: UserInfo,
});

export const logout = call({
  method: 'POST',
  path: '/api/v1/account/logout',
  access: 'user',
  tags,
  summary: '退出登录',
  description: `${SIGNED_IN}吊销本次请求所用的令牌，其他设备上的登录不受影响。`,
  body: SignedIn(),
  data: Type.Object({}, { additionalProperties: false }),
});

export const accountCalls = { loginOrRegister, sendCode, getAccountInfo, changeInfo, logout };
