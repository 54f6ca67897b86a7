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
  description:
    '按 sort 从小到大，sort 相同则新的在前。给出 category 时只列该分类；空字符串等于不限。只列示例视频已就绪的模板。' +
    '`pending`：示例视频还在制作中的模板数（首次启动时内置模板的示例由服务器渲染，约十几秒）；大于 0 时应用显示「模板准备中」并稍后再问。' +
    '`categories`：已就绪模板的全部分类（按各分类最靠前的模板排序），供分类标签使用。',
  body: Type.Object({ ...pageProperties, category: Type.Optional(Text('分类', { max: 20 })) }),
  data: Type.Composite([
    Page(SysVideo),
    Type.Object({
      pending: Type.Integer({ description: '示例视频制作中的模板数（不分分类）' }),
      categories: Type.Array(Type.String(), { description: '已就绪模板的分类' }),
    }),
  ]),
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
