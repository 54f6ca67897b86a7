import { LEDGER_TYPES } from '../../../../db/schema.js';
import { pageResponse, signedInPageBody } from '../../../../lib/schemas.js';

export interface ListBody {
  token?: string;
  page: number;
  pageSize: number;
}

export const pointsRecordsSchema = {
  tags: ['points'],
  summary: '积分记录（新的在前）',
  description:
    '每次积分变动一条：`change` 有正负，`balance` 为变动后的余额；全部 `change` 之和等于 createNum。' +
    '`taskId` 为相关视频任务的 id，与任务无关时为空字符串。',
  body: signedInPageBody,
  response: {
    200: pageResponse({
      type: 'object',
      required: ['id', 'change', 'balance', 'type', 'title', 'taskId', 'createdAt'],
      properties: {
        id: { type: 'string' },
        change: { type: 'integer' },
        balance: { type: 'integer' },
        type: { type: 'string', enum: [...LEDGER_TYPES] },
        title: { type: 'string' },
        taskId: { type: 'string' },
        createdAt: { type: 'integer' },
      },
    }),
  },
} as const;
