import { ASPECT_RATIOS, TASK_STATUSES, type TaskStatus } from '../../../../db/schema.js';
import { envelopeSchema } from '../../../../lib/envelope.js';
import { pageProperties, pageResponse, text, tokenProperty } from '../../../../lib/schemas.js';
import type { NewTask } from '../../../../modules/tasks/save-task.js';

export interface QuoteBody {
  token?: string;
  duration: number;
  templateId?: string;
}

export type SaveBody = NewTask & { token?: string };

export interface ListBody {
  token?: string;
  page: number;
  pageSize: number;
  status?: TaskStatus;
}

export interface TaskIdBody {
  token?: string;
  id: string;
}

const TAGS = ['video_task'];

const duration = { type: 'integer', minimum: 5, maximum: 60, title: '视频时长' } as const;
const templateId = { ...text('模板ID', { max: 32 }), description: '模板的 id；空字符串或不给等于不用模板' } as const;
const taskId = text('视频ID', { min: 1, max: 32 });
const taskIdBody = { type: 'object', required: ['id'], properties: { token: tokenProperty, id: taskId } } as const;
const status = { type: 'string', enum: [...TASK_STATUSES], title: '状态' } as const;

/** VideoTask (docs/api.md, /api/v1/video_task/detail). */
const videoTaskSchema = {
  type: 'object',
  required: [
    'id', 'title', 'prompt', 'images', 'templateId', 'aspectRatio', 'duration', 'status', 'progress',
    'queuePosition', 'cost', 'videoUrl', 'coverUrl', 'errorMsg', 'createdAt', 'startedAt', 'finishedAt',
  ],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    prompt: { type: 'string' },
    images: { type: 'array', items: { type: 'string' } },
    templateId: { type: 'string', description: '没有模板时为空字符串' },
    aspectRatio: { type: 'string', enum: [...ASPECT_RATIOS] },
    duration: { type: 'integer', description: '秒' },
    status: { type: 'string', enum: [...TASK_STATUSES], description: 'queued → processing → succeeded | failed；queued/processing → cancelled' },
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    queuePosition: { type: 'integer', description: '排队中时从 1 起的名次，否则 0' },
    cost: { type: 'integer', description: '扣除的积分；failed 与 cancelled 会退还一次' },
    videoUrl: { type: 'string', description: 'succeeded 之前为空字符串' },
    coverUrl: { type: 'string', description: 'succeeded 之前为空字符串' },
    errorMsg: { type: 'string', description: 'failed 时的原因，否则为空字符串' },
    createdAt: { type: 'integer' },
    startedAt: { type: 'integer', description: '开始生成的时间，未开始为 0' },
    finishedAt: { type: 'integer', description: '结束的时间，未结束为 0' },
  },
} as const;

const NOT_FOUND = '不存在的或别人的视频：rspCode 4 `视频不存在`（两者答复相同）。';

export const quoteSchema = {
  tags: TAGS,
  summary: '生成前询价',
  description: '价格 = 每秒积分（配置 POINTS_PER_SECOND，默认 1）× 时长。`enough` 表示当前余额是否够用。未知模板：rspCode 4 `模板不存在`。',
  body: { type: 'object', required: ['duration'], properties: { token: tokenProperty, duration, templateId } },
  response: {
    200: envelopeSchema({
      type: 'object',
      required: ['cost', 'balance', 'enough'],
      properties: { cost: { type: 'integer' }, balance: { type: 'integer' }, enough: { type: 'boolean' } },
    }),
  },
} as const;

export const saveSchema = {
  tags: TAGS,
  summary: '提交生成任务',
  description:
    '建立任务（status `queued`）并在同一事务中扣除积分：积分不足时 rspCode 3 `积分不足`，什么也不建。' +
    '`images` 须是本服务为该用户签发的上传地址（否则 rspCode 2 `图片地址无效`）；未知模板 rspCode 4 `模板不存在`。' +
    '同一用户带相同 `clientRequestId` 再次提交（包括同时提交）时答复第一次建立的任务，只扣一次积分；那个任务已删除时 rspCode 4。' +
    '会员的任务先于非会员的被处理，其次先到先得。',
  body: {
    type: 'object',
    required: ['title', 'prompt', 'aspectRatio', 'duration'],
    properties: {
      token: tokenProperty,
      title: text('标题', { min: 1, max: 30 }),
      prompt: text('文案', { min: 1, max: 500 }),
      images: { type: 'array', title: '图片', maxItems: 9, default: [], items: text('图片地址', { min: 1, max: 2048 }) },
      templateId,
      aspectRatio: { type: 'string', enum: [...ASPECT_RATIOS], title: '画面比例' },
      duration,
      clientRequestId: { ...text('请求ID', { min: 1, max: 64 }), description: '客户端为一次提交生成的随机串：重试时带同一个，不会重复扣费' },
    },
  },
  response: { 200: envelopeSchema(videoTaskSchema) },
} as const;

export const listSchema = {
  tags: TAGS,
  summary: '我的视频（新的在前）',
  description: '已删除的不出现。给出 `status` 时只列该状态的。',
  body: { type: 'object', properties: { token: tokenProperty, ...pageProperties, status } },
  response: { 200: pageResponse(videoTaskSchema) },
} as const;

export const detailSchema = {
  tags: TAGS,
  summary: '视频详情',
  description: NOT_FOUND,
  body: taskIdBody,
  response: { 200: envelopeSchema(videoTaskSchema) },
} as const;

export const queuePositionSchema = {
  tags: TAGS,
  summary: '排队位置',
  description:
    '`position`：排队中时从 1 起的名次（会员优先，其次先到先得），否则 0；`total`：此刻排队中的任务总数；' +
    '`estimatedWaitSeconds`：按最近的生成用时估算的等待秒数。' +
    NOT_FOUND,
  body: taskIdBody,
  response: {
    200: envelopeSchema({
      type: 'object',
      required: ['status', 'position', 'total', 'estimatedWaitSeconds'],
      properties: {
        status: { type: 'string', enum: [...TASK_STATUSES] },
        position: { type: 'integer' },
        total: { type: 'integer' },
        estimatedWaitSeconds: { type: 'integer' },
      },
    }),
  },
} as const;

export const cancelSchema = {
  tags: TAGS,
  summary: '取消生成',
  description: '排队中或生成中可取消（正在进行的生成立即停止），积分退还一次；已结束的：rspCode 5。' + NOT_FOUND,
  body: taskIdBody,
  response: { 200: envelopeSchema(videoTaskSchema) },
} as const;

export const deleteSchema = {
  tags: TAGS,
  summary: '删除视频',
  description: '排队中或生成中的先取消（退还积分）；生成的视频与封面从存储中删除；之后任何调用都不再出现它。' + NOT_FOUND,
  body: taskIdBody,
  response: { 200: envelopeSchema({ type: 'object', properties: {} }) },
} as const;
