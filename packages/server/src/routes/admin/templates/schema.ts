import { ASPECT_RATIOS, type AspectRatio } from '../../../db/schema.js';
import { envelopeSchema } from '../../../lib/envelope.js';
import { text } from '../../../lib/schemas.js';
import { sysVideoSchema } from '../../api/v1/sys-video/schema.js';
import { ADMIN_AUTH_NOTE, ADMIN_TAG, adminResponses } from '../admin-schemas.js';

export interface AddBody {
  title: string;
  description: string;
  category: string;
  style: string;
  duration: number;
  aspectRatio: AspectRatio;
  sort: number;
  coverUrl: string;
  videoUrl: string;
  params: Record<string, unknown>;
}

export const addSchema = {
  tags: [ADMIN_TAG],
  summary: '添加模板',
  description:
    '返回新模板（sysVideo/detail 的字段，另加 sampleStatus）。coverUrl 和 videoUrl 要么都给（模板立刻出现在 App 中），' +
    '要么都不给：服务器用模板的标题、描述和 params 渲染样片，存好后模板才出现（sampleStatus 为 pending）。只给一个：rspCode 2。' +
    `params 是渲染参数（颜色、字体、片头），不给 App 看。${ADMIN_AUTH_NOTE}`,
  body: {
    type: 'object',
    required: ['title', 'category', 'style', 'duration', 'aspectRatio'],
    properties: {
      title: text('标题', { min: 1, max: 30 }),
      description: { ...text('描述', { max: 200 }), default: '' },
      category: text('分类', { min: 1, max: 20 }),
      style: text('风格', { min: 1, max: 20 }),
      duration: { type: 'integer', minimum: 5, maximum: 60, title: '时长' },
      aspectRatio: { type: 'string', enum: [...ASPECT_RATIOS], title: '画面比例' },
      sort: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000, default: 0, title: '排序' },
      coverUrl: { ...text('封面地址', { max: 500 }), default: '' },
      videoUrl: { ...text('视频地址', { max: 500 }), default: '' },
      params: { type: 'object', default: {}, title: '渲染参数' },
    },
  },
  response: adminResponses(
    envelopeSchema({
      ...sysVideoSchema,
      required: [...sysVideoSchema.required, 'sampleStatus'],
      properties: {
        ...sysVideoSchema.properties,
        sampleStatus: { type: 'string', enum: ['ready', 'pending'], description: 'ready：App 中已可见；pending：样片渲染中，完成后出现' },
      },
    }),
  ),
} as const;
