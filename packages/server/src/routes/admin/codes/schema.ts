import { envelopeSchema } from '../../../lib/envelope.js';
import { pageResponse, text } from '../../../lib/schemas.js';
import { CODE_STATUSES } from '../../../modules/codes/code-admin.js';
import { ADMIN_AUTH_NOTE, ADMIN_TAG, adminPageProperties, adminResponses, type AdminPage } from '../admin-schemas.js';

export interface CreateBody {
  points: number;
  days: number;
  count: number;
  endsAt: number;
  note: string;
}

export interface ListBody extends AdminPage {
  batchId?: string;
}

export interface DisableBody {
  code: string;
}

/** A year past which no sane end date lies (and within what a JS Date holds). */
const LATEST_MS = Date.UTC(9999, 11, 31);

const batchSchema = {
  type: 'object',
  required: ['id', 'points', 'days', 'count', 'endsAt', 'note', 'createdAt', 'unused', 'used', 'disabled', 'expired'],
  properties: {
    id: { type: 'string' },
    points: { type: 'integer' },
    days: { type: 'integer' },
    count: { type: 'integer' },
    endsAt: { type: 'integer', description: '截止时间（毫秒），0 = 不限' },
    note: { type: 'string' },
    createdAt: { type: 'integer' },
    unused: { type: 'integer', description: '可兑换的码数' },
    used: { type: 'integer' },
    disabled: { type: 'integer' },
    expired: { type: 'integer', description: '过了截止时间仍未兑换的码数' },
  },
} as const;

const codeSchema = {
  type: 'object',
  required: ['id', 'code', 'batchId', 'status', 'points', 'days', 'endsAt', 'redeemedByPhone', 'redeemedAt', 'disabledAt', 'createdAt'],
  properties: {
    id: { type: 'string' },
    code: { type: 'string' },
    batchId: { type: 'string' },
    status: { type: 'string', enum: [...CODE_STATUSES] },
    points: { type: 'integer' },
    days: { type: 'integer' },
    endsAt: { type: 'integer', description: '0 = 不限' },
    redeemedByPhone: { type: 'string', description: '兑换人的手机号；未兑换为空字符串' },
    redeemedAt: { type: 'integer', description: '0 = 未兑换' },
    disabledAt: { type: 'integer', description: '0 = 未停用' },
    createdAt: { type: 'integer' },
  },
} as const;

export const createSchema = {
  tags: [ADMIN_TAG],
  summary: '生成一批激活码',
  description: `返回这一批的全部激活码。积分与天数不能都为 0；截止时间（毫秒）须晚于现在，0 或不传 = 不限。${ADMIN_AUTH_NOTE}`,
  body: {
    type: 'object',
    required: ['points', 'days', 'count'],
    properties: {
      points: { type: 'integer', minimum: 0, maximum: 1_000_000, title: '积分' },
      days: { type: 'integer', minimum: 0, maximum: 3650, title: '会员天数' },
      count: { type: 'integer', minimum: 1, maximum: 10_000, title: '数量' },
      endsAt: { type: 'integer', minimum: 0, maximum: LATEST_MS, default: 0, title: '截止时间' },
      note: { ...text('备注', { max: 100 }), default: '' },
    },
  },
  response: adminResponses(
    envelopeSchema({
      type: 'object',
      required: ['batch', 'codes'],
      properties: { batch: batchSchema, codes: { type: 'array', items: { type: 'string' } } },
    }),
  ),
} as const;

export const batchesSchema = {
  tags: [ADMIN_TAG],
  summary: '激活码批次（新的在前），含各状态的码数',
  description: ADMIN_AUTH_NOTE,
  body: { type: 'object', properties: adminPageProperties },
  response: adminResponses(pageResponse(batchSchema)),
} as const;

export const listSchema = {
  tags: [ADMIN_TAG],
  summary: '激活码（新的在前），含状态、兑换人与兑换时间',
  description: `给出 batchId 时只列这一批；批次不存在：rspCode 4。${ADMIN_AUTH_NOTE}`,
  body: {
    type: 'object',
    properties: { ...adminPageProperties, batchId: { type: 'string', pattern: '^[1-9][0-9]{0,15}$', title: '批次ID' } },
  },
  response: adminResponses(pageResponse(codeSchema)),
} as const;

export const disableSchema = {
  tags: [ADMIN_TAG],
  summary: '停用一个激活码',
  description: `停用后不能再兑换；已停用的再停用一次不变。不存在：rspCode 4；已被兑换：rspCode 5。${ADMIN_AUTH_NOTE}`,
  body: {
    type: 'object',
    required: ['code'],
    properties: { code: text('激活码', { min: 1, max: 64 }) },
  },
  response: adminResponses(envelopeSchema(codeSchema)),
} as const;
