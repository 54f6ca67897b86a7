import { Type } from '@sinclair/typebox';
import { call } from '../call';
import { LEGAL_DOCUMENTS } from '../limits';

const tags = ['pages'];
const html = (description: string) => Type.String({ description, contentMediaType: 'text/html' });

export const sharePage = call({
  method: 'GET',
  path: '/s/:token',
  access: 'public',
  tags,
  summary: '视频分享页（网页）',
  description:
    '/api/v1/video_task/share_link 建立的公开网页：播放视频、显示标题，带 Open Graph 标签（og:title、og:type `video.other`、og:video、og:image 为封面、og:url），' +
    '聊天软件据此显示预览。其 Content-Security-Policy 只允许该视频与封面的来源。`Cache-Control: no-store`（取消分享立即生效）。',
  params: Type.Object({ token: Type.String({ description: '分享令牌（24 个 base64url 字符，144 位随机数）' }) }),
  responses: {
    200: html('分享页'),
    404: html('链接无效或已取消分享（中文页面）'),
  },
});

export const legalPage = call({
  method: 'GET',
  path: '/legal/:name',
  access: 'public',
  tags,
  summary: '《用户协议》与《隐私政策》（网页）',
  description:
    '`terms`：用户协议，`privacy`：隐私政策。内置的中文文本；运营方可用 DATA_DIR/legal/<name>.html（页面正文的 HTML）替换，' +
    '或设置 TERMS_URL / PRIVACY_URL，此时答复 302 转到该地址。',
  params: Type.Object({ name: Type.String({ description: `文档：${LEGAL_DOCUMENTS.join('、')}` }) }),
  responses: {
    200: html('文档页面'),
    302: Type.Null({ description: '转到运营方设置的 TERMS_URL / PRIVACY_URL' }),
    404: html('没有这个文档'),
  },
});

export const pageCalls = { sharePage, legalPage };
