import { ASPECT_RATIOS } from '../../../../db/schema.js';
import { envelopeSchema } from '../../../../lib/envelope.js';
import { pageProperties, pageResponse, text } from '../../../../lib/schemas.js';

export interface ListBody {
  page: number;
  pageSize: number;
  category?: string;
}

export interface DetailBody {
  id: string;
}

/** SysVideo (docs/api.md, /api/v1/sysVideo/detail; the admin API answers the same object). */
export const sysVideoSchema = {
  type: 'object',
  required: ['id', 'title', 'description', 'category', 'style', 'coverUrl', 'videoUrl', 'duration', 'aspectRatio', 'sort'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    category: { type: 'string' },
    style: { type: 'string' },
    coverUrl: { type: 'string', description: '封面地址；还没有示例视频时为空字符串' },
    videoUrl: { type: 'string', description: '示例视频地址；还没有时为空字符串' },
    duration: { type: 'integer', description: '秒' },
    aspectRatio: { type: 'string', enum: [...ASPECT_RATIOS] },
    sort: { type: 'integer', description: '小的在前' },
  },
} as const;

export const listSchema = {
  tags: ['templates'],
  summary: '模板列表（无需登录）',
  description: '按 sort 从小到大，sort 相同则新的在前。给出 category 时只列该分类；空字符串等于不限。',
  body: {
    type: 'object',
    properties: { ...pageProperties, category: text('分类', { max: 20 }) },
  },
  response: { 200: pageResponse(sysVideoSchema) },
} as const;

export const detailSchema = {
  tags: ['templates'],
  summary: '模板详情（无需登录）',
  description: '`id` 为字符串；不存在（包括不是数字的 id）：rspCode 4 `模板不存在`。',
  body: {
    type: 'object',
    required: ['id'],
    properties: { id: text('模板ID', { min: 1, max: 32 }) },
  },
  response: { 200: envelopeSchema(sysVideoSchema) },
} as const;
