import { Type } from '@sinclair/typebox';
import { call } from '../call';
import { Page, pageProperties, Text } from '../schema-kit';
import { SysVideo } from '../shapes';

const tags = ['templates'];

export const templateList = call({
  method: 'POST',
  path: '/api/v1/sysVideo/list',
  access: 'public',
  tags,
  summary: '模板列表（无需登录）',
  description: '按 sort 从小到大，sort 相同则新的在前。给出 category 时只列该分类；空字符串等于不限。',
  body: Type.Object({ ...pageProperties, category: Type.Optional(Text('分类', { max: 20 })) }),
  data: Page(SysVideo),
});

export const templateDetail = call({
  method: 'POST',
  path: '/api/v1/sysVideo/detail',
  access: 'public',
  tags,
  summary: '模板详情（无需登录）',
  description: '`id` 为字符串；不存在（包括不是数字的 id）：rspCode 4 `模板不存在`。',
  body: Type.Object({ id: Text('模板ID', { min: 1, max: 32 }) }),
  data: SysVideo,
});

export const templateCalls = { templateList, templateDetail };
