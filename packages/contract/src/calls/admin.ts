import { Type } from '@sinclair/typebox';
import { adminCall } from '../call';
import { ASPECT_RATIOS, DURATION_MAX, DURATION_MIN, PHONE_PATTERN, TITLE_MAX } from '../limits';
import { adminPageProperties, Defaulted, Page, StringEnum, Text } from '../schema-kit';
import { AdminTemplate, CodeBatch, CodeView, Grant } from '../shapes';

/** A year past which no sane end date lies (and within what a JS Date holds). */
const LATEST_MS = Date.UTC(9999, 11, 31);

export const createCodes = adminCall({
  path: '/admin/api/codes/create',
  summary: '生成一批激活码',
  description: '返回这一批的全部激活码。积分与天数不能都为 0；截止时间（毫秒）须晚于现在，0 或不传 = 不限。',
  body: Type.Object({
    points: Type.Integer({ minimum: 0, maximum: 1_000_000, title: '积分' }),
    days: Type.Integer({ minimum: 0, maximum: 3650, title: '会员天数' }),
    count: Type.Integer({ minimum: 1, maximum: 10_000, title: '数量' }),
    endsAt: Defaulted(Type.Integer({ minimum: 0, maximum: LATEST_MS, title: '截止时间' }), 0),
    note: Defaulted(Text('备注', { max: 100 }), ''),
  }),
  data: Type.Object({ batch: CodeBatch, codes: Type.Array(Type.String()) }),
});

export const codeBatches = adminCall({
  path: '/admin/api/codes/batches',
  summary: '激活码批次（新的在前），含各状态的码数',
  body: Type.Object(adminPageProperties),
  data: Page(CodeBatch),
});

export const codeList = adminCall({
  path: '/admin/api/codes/list',
  summary: '激活码（新的在前），含状态、兑换人与兑换时间',
  description: '给出 batchId 时只列这一批；批次不存在：rspCode 4。',
  body: Type.Object({
    ...adminPageProperties,
    batchId: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,15}$', title: '批次ID' })),
  }),
  data: Page(CodeView),
});

export const disableCode = adminCall({
  path: '/admin/api/codes/disable',
  summary: '停用一个激活码',
  description: '停用后不能再兑换；已停用的再停用一次不变。不存在：rspCode 4；已被兑换：rspCode 5。',
  body: Type.Object({ code: Text('激活码', { min: 1, max: 64 }) }),
  data: CodeView,
});

export const grantPoints = adminCall({
  path: '/admin/api/points/grant',
  summary: '给用户加（或扣）积分',
  description:
    '写一条 `admin` 积分记录，标题为原因（用户在积分记录里看到它）。change 为负时扣积分，扣过余额：rspCode 3 `积分不足`，余额不变；' +
    '手机号未注册：rspCode 4 `用户不存在`；change 为 0：rspCode 2。',
  body: Type.Object({
    phone: Type.String({ pattern: PHONE_PATTERN, title: '手机号' }),
    change: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, title: '积分' }),
    reason: Text('原因', { min: 1, max: 30 }),
  }),
  data: Grant,
});

export const addTemplate = adminCall({
  path: '/admin/api/templates/add',
  summary: '添加模板',
  description:
    '返回新模板（sysVideo/detail 的字段，另加 sampleStatus）。coverUrl 和 videoUrl 要么都给（模板立刻出现在 App 中），' +
    '要么都不给：服务器用模板的标题、描述和 params 渲染样片，存好后模板才出现（sampleStatus 为 pending）。只给一个：rspCode 2。' +
    'params 是渲染参数（颜色、字体、片头），不给 App 看。',
  body: Type.Object({
    title: Text('标题', { min: 1, max: TITLE_MAX }),
    description: Defaulted(Text('描述', { max: 200 }), ''),
    category: Text('分类', { min: 1, max: 20 }),
    style: Text('风格', { min: 1, max: 20 }),
    duration: Type.Integer({ minimum: DURATION_MIN, maximum: DURATION_MAX, title: '时长' }),
    aspectRatio: StringEnum(ASPECT_RATIOS, { title: '画面比例' }),
    sort: Defaulted(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, title: '排序' }), 0),
    coverUrl: Defaulted(Text('封面地址', { max: 500 }), ''),
    videoUrl: Defaulted(Text('视频地址', { max: 500 }), ''),
    params: Defaulted(Type.Unsafe<Record<string, unknown>>({ type: 'object', title: '渲染参数' }), {}),
  }),
  data: AdminTemplate,
});

export const adminCalls = { createCodes, codeBatches, codeList, disableCode, grantPoints, addTemplate };
