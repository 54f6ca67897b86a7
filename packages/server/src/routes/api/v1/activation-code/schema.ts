import { envelopeSchema } from '../../../../lib/envelope.js';
import { pageResponse, signedInPageBody, text, tokenProperty } from '../../../../lib/schemas.js';

export interface ActivateBody {
  token?: string;
  code: string;
}

export interface RecordsBody {
  token?: string;
  page: number;
  pageSize: number;
}

export const activateSchema = {
  tags: ['points'],
  summary: '兑换激活码',
  description:
    '激活码 16 位（不含 0 O 1 I），不区分大小写，可带空格或横线。发放积分（兑换记录与积分记录各一条），' +
    '并把会员有效期从 max(现在, expireTime) 起延长 days 天。不存在：rspCode 4 `激活码无效`；' +
    '已使用：rspCode 5 `激活码已被使用`；已停用：rspCode 5 `激活码已停用`；已过截止时间：rspCode 5 `激活码已过期`。' +
    '每个用户每小时失败 10 次后返回 HTTP 429（带 Retry-After）。',
  body: {
    type: 'object',
    required: ['code'],
    properties: { token: tokenProperty, code: text('激活码', { min: 1, max: 64 }) },
  },
  response: {
    200: envelopeSchema({
      type: 'object',
      required: ['points', 'days', 'createNum', 'expireTime'],
      properties: {
        points: { type: 'integer', description: '本次获得的积分' },
        days: { type: 'integer', description: '本次延长的会员天数' },
        createNum: { type: 'integer', description: '兑换后的积分余额' },
        expireTime: { type: 'integer', description: '兑换后的会员有效期（毫秒），0 = 非会员' },
      },
    }),
    429: {
      type: 'object',
      required: ['msg'],
      properties: { msg: { type: 'string' } },
    },
  },
} as const;

export const activationRecordsSchema = {
  tags: ['points'],
  summary: '兑换记录（新的在前）',
  description: '`code` 打码显示：前 4 位 + 8 个星号 + 后 4 位；`createdAt` 为兑换时间。',
  body: signedInPageBody,
  response: {
    200: pageResponse({
      type: 'object',
      required: ['id', 'code', 'points', 'days', 'createdAt'],
      properties: {
        id: { type: 'string' },
        code: { type: 'string', description: '如 ABCD********WXYZ' },
        points: { type: 'integer' },
        days: { type: 'integer' },
        createdAt: { type: 'integer' },
      },
    }),
  },
} as const;
