import { Type, type Static } from '@sinclair/typebox';
import { call, SignedIn } from '../call';
import { PASSWORD_MAX, PASSWORD_MIN } from '../limits';
import { NO_C0_CONTROL_CHARS } from '../rules';
import { Message } from '../schema-kit';
import { SMS_CODE_PATTERN } from './account';

// 注销账号 and 导出我的数据 (docs/product.md "注销账号", "导出我的数据"): the user's rights to leave
// and to take their data along.

const tags = ['account'];
const SIGNED_IN = '需要登录（令牌放在 body 的 token 里，或用 `Authorization: Bearer <token>`）。';

/** The account's own password as it is (never trimmed), checked against the stored hash. */
const password = Type.String({ title: '密码', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, pattern: NO_C0_CONTROL_CHARS });
const smsCode = Type.String({ title: '验证码', pattern: SMS_CODE_PATTERN, description: '短信验证码（send_code 的 purpose 为 delete），6 位数字' });

/** What 注销账号 lists before the user confirms: what will be lost. */
export const ClosingSummary = Type.Object(
  {
    createNum: Type.Integer({ description: '积分余额（注销后清零，不退还）' }),
    videos: Type.Integer({ description: '视频数（注销后连同文件删除）' }),
    pointsRecords: Type.Integer({ description: '积分记录条数' }),
    exchangeRecords: Type.Integer({ description: '兑换记录条数' }),
    days: Type.Integer({ description: '冷静期天数（ACCOUNT_DELETE_DAYS）；0 表示约一分钟内注销' }),
    confirmBy: Type.Union([Type.Literal('code'), Type.Literal('password')], { description: 'code：短信验证码确认（配置了短信服务）；password：密码确认' }),
  },
  { additionalProperties: false },
);
export type ClosingSummary = Static<typeof ClosingSummary>;

export const accountClosingInfo = call({
  method: 'POST',
  path: '/api/v1/account/delete_info',
  access: 'user',
  tags,
  summary: '注销账号前的说明',
  description: `${SIGNED_IN}注销将失去的内容（积分余额、视频数、积分与兑换记录数）、冷静期天数，以及用什么确认。`,
  body: SignedIn(),
  data: ClosingSummary,
});

export const deleteAccount = call({
  method: 'POST',
  path: '/api/v1/account/delete',
  access: 'user',
  tags,
  summary: '注销账号',
  description:
    `${SIGNED_IN}配置了短信服务时用 code（send_code 的 purpose 为 delete）确认，否则用 password。` +
    '确认后账号进入 ACCOUNT_DELETE_DAYS 天（默认 15）的冷静期，所有设备上的登录随即失效；冷静期内登录仍可成功，回答带 closingAt，可用 /api/v1/account/cancel_delete 撤销。' +
    '冷静期过后，个人资料、头像、上传的图片与音乐、视频与封面、分享链接被删除，积分余额清零（进行中的视频先取消并退还积分），积分与兑换记录去掉个人信息后保留；手机号可重新注册为新账号。' +
    '缺少确认：rspCode 2「请输入验证码」或「请输入密码」；验证码错误：rspCode 1「验证码错误」或「验证码已失效，请重新获取」；密码错误：rspCode 1「密码错误」，15 分钟内错 5 次：HTTP 429（带 Retry-After）。' +
    '已在冷静期内：原样返回注销时间。',
  body: SignedIn({ code: Type.Optional(smsCode), password: Type.Optional(password) }),
  data: Type.Object({ closingAt: Type.Integer({ description: '注销生效时间（毫秒）' }) }, { additionalProperties: false }),
  responses: { 429: Message('15 分钟内密码错误 5 次；Retry-After 头给出还需等待的秒数') },
});

export const cancelDelete = call({
  method: 'POST',
  path: '/api/v1/account/cancel_delete',
  access: 'user',
  tags,
  summary: '撤销注销',
  description: `${SIGNED_IN}冷静期内撤销注销，账号照常使用；账号不在冷静期内时同样成功。`,
  body: SignedIn(),
  data: Type.Object({}, { additionalProperties: false }),
});

export const EXPORT_STATUSES = ['none', 'preparing', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The user's data export as /api/v1/account/export_status answers it. */
export const AccountExport = Type.Object(
  {
    status: Type.Union(EXPORT_STATUSES.map((status) => Type.Literal(status)), {
      description: 'none：没有可下载的导出（从未导出，或已过 24 小时）；preparing：准备中；ready：可下载；failed：失败，可重新导出',
    }),
    url: Type.String({ description: 'ready 时为 zip 的下载地址（签名链接，24 小时内有效，只发给本人）；否则为空字符串' }),
    expiresAt: Type.Integer({ description: 'ready 时为下载地址失效时间（毫秒）；否则为 0' }),
    size: Type.Integer({ description: 'ready 时为 zip 的字节数；否则为 0' }),
  },
  { additionalProperties: false },
);
export type AccountExport = Static<typeof AccountExport>;

export const exportData = call({
  method: 'POST',
  path: '/api/v1/account/export',
  access: 'user',
  tags,
  summary: '导出我的数据',
  description:
    `${SIGNED_IN}在后台准备一个 zip：用户信息、积分记录、兑换记录、视频列表（含文案与设置）以及视频与封面文件。` +
    '每个用户同时只有一个导出在准备：准备中再次请求，原样返回准备中的状态。再次导出后，之前的下载地址失效。回答与 /api/v1/account/export_status 相同。',
  body: SignedIn(),
  data: AccountExport,
});

export const exportStatus = call({
  method: 'POST',
  path: '/api/v1/account/export_status',
  access: 'user',
  tags,
  summary: '导出状态',
  description: `${SIGNED_IN}最近一次导出的状态；ready 时给出下载地址（签名链接，24 小时内有效）。`,
  body: SignedIn(),
  data: AccountExport,
});

export const exportFile = call({
  method: 'GET',
  path: '/api/v1/account/export_file',
  access: 'public',
  tags,
  summary: '下载导出的数据（zip）',
  description:
    'export_status 给出的签名链接：id、expires（毫秒）与 sig（HMAC-SHA256，服务器密钥签名），24 小时内有效，且仅限最新的一次导出。' +
    '链接只发给本人（export_status 需要登录）；签名不对、已过期、已有更新的导出或账号已注销：HTTP 404「下载链接无效或已过期」。',
  querystring: Type.Object({
    id: Type.String({ pattern: '^[0-9]{1,18}$' }),
    expires: Type.String({ pattern: '^[0-9]{1,15}$' }),
    sig: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  }),
  responses: {
    200: Type.String({ format: 'binary', description: 'zip（Content-Disposition: attachment）' }),
    404: Message('下载链接无效或已过期'),
  },
});

export const accountClosingCalls = { accountClosingInfo, deleteAccount, cancelDelete, exportData, exportStatus, exportFile };
