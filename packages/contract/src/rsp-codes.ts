/**
 * The `rspCode` of every enveloped answer (docs/api.md "Conventions"): 0 is success; the others are
 * business outcomes the app shows as `rspMsg`.
 */
export const RspCode = {
  ok: 0,
  failed: 1,
  invalidParam: 2,
  notEnoughPoints: 3,
  notFound: 4,
  notAllowed: 5,
  notSignedIn: 6,
} as const;
export type RspCodeValue = (typeof RspCode)[keyof typeof RspCode];
export type FailureCode = Exclude<RspCodeValue, 0>;

export const RSP_CODE_DESCRIPTION = '0 成功；1 失败；2 参数错误；3 积分不足；4 不存在；5 状态不允许；6 未登录';

/**
 * The rspMsg texts the contract promises (docs/api.md names them): the server answers these
 * words, and an app may rely on them.
 */
export const RspMsg = {
  ok: '成功',
  notSignedIn: '请先登录',
  wrongPassword: '手机号或密码错误',
  notEnoughPoints: '积分不足',
  taskNotFound: '视频不存在',
  templateNotFound: '模板不存在',
  badImageUrl: '图片地址无效',
  badAvatarUrl: '头像地址无效',
  fileNotFound: '文件不存在',
  codeInvalid: '激活码无效',
  codeUsed: '激活码已被使用',
  codeDisabled: '激活码已停用',
  codeExpired: '激活码已过期',
  userNotFound: '用户不存在',
} as const;
