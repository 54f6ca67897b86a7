import { envelopeSchema } from '../../../lib/envelope.js';
import { text } from '../../../lib/schemas.js';
import { ADMIN_AUTH_NOTE, ADMIN_TAG, adminResponses } from '../admin-schemas.js';

export interface GrantBody {
  phone: string;
  change: number;
  reason: string;
}

export const grantSchema = {
  tags: [ADMIN_TAG],
  summary: '给用户加（或扣）积分',
  description:
    '写一条 `admin` 积分记录，标题为原因（用户在积分记录里看到它）。change 为负时扣积分，扣过余额：rspCode 3 `积分不足`，余额不变；' +
    `手机号未注册：rspCode 4 \`用户不存在\`；change 为 0：rspCode 2。${ADMIN_AUTH_NOTE}`,
  body: {
    type: 'object',
    required: ['phone', 'change', 'reason'],
    properties: {
      phone: { type: 'string', pattern: '^1[3-9]\\d{9}$', title: '手机号' },
      change: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000, title: '积分' },
      reason: text('原因', { min: 1, max: 30 }),
    },
  },
  response: adminResponses(
    envelopeSchema({
      type: 'object',
      required: ['userId', 'phone', 'change', 'balance'],
      properties: {
        userId: { type: 'string' },
        phone: { type: 'string' },
        change: { type: 'integer' },
        balance: { type: 'integer', description: '变动后的余额' },
      },
    }),
  ),
} as const;
