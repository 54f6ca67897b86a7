import { call, SignedIn } from '../call';
import { Message, Page, pageProperties, Text } from '../schema-kit';
import { ExchangeRecord, PointsRecord, RedeemResult } from '../shapes';

const tags = ['points'];

export const activate = call({
  method: 'POST',
  path: '/api/v1/activationCode/activate',
  access: 'user',
  tags,
  summary: '兑换激活码',
  description:
    '激活码 16 位（不含 0 O 1 I），不区分大小写，可带空格或横线。发放积分（兑换记录与积分记录各一条），' +
    '并把会员有效期从 max(现在, expireTime) 起延长 days 天。不存在：rspCode 4 `激活码无效`；' +
    '已使用：rspCode 5 `激活码已被使用`；已停用：rspCode 5 `激活码已停用`；已过截止时间：rspCode 5 `激活码已过期`。' +
    '每个用户每小时失败 10 次后返回 HTTP 429（带 Retry-After）。',
  body: SignedIn({ code: Text('激活码', { min: 1, max: 64 }) }),
  data: RedeemResult,
  responses: { 429: Message() },
});

export const activationRecords = call({
  method: 'POST',
  path: '/api/v1/activationCode/activation_records',
  access: 'user',
  tags,
  summary: '兑换记录（新的在前）',
  description: '`code` 打码显示：前 4 位 + 8 个星号 + 后 4 位；`createdAt` 为兑换时间。',
  body: SignedIn(pageProperties),
  data: Page(ExchangeRecord),
});

export const pointsRecords = call({
  method: 'POST',
  path: '/api/v1/credit_consumption/list',
  access: 'user',
  tags,
  summary: '积分记录（新的在前）',
  description:
    '每次积分变动一条：`change` 有正负，`balance` 为变动后的余额；全部 `change` 之和等于 createNum。' +
    '`taskId` 为相关视频任务的 id，与任务无关时为空字符串。',
  body: SignedIn(pageProperties),
  data: Page(PointsRecord),
});

export const pointsCalls = { activate, activationRecords, pointsRecords };
