import swagger from '@fastify/swagger';
import { serverVersion } from '../lib/server-version.js';
import { sharedPlugin } from '../lib/shared-plugin.js';

/**
 * Collects every route's schema into an OpenAPI 3 document (served by routes/docs).
 * Registered before the routes: it learns them through the onRoute hook.
 */
export const openApi = sharedPlugin('openapi', async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'AI视频生成工具 API',
        description:
          'Calls answer HTTP 200 with `{ rspCode, rspMsg, data }` (rspCode 0 = success, 2 = invalid parameter, …). ' +
          'Transport errors answer `{ msg }` (Chinese): 400 malformed JSON or wrong content type, 404 unknown route, ' +
          '413 body over 1 MiB, 500 unexpected fault (with `requestId`). Every answer carries `x-request-id`.',
        version: serverVersion,
      },
      tags: [
        { name: 'system', description: '运行状态与前端配置' },
        { name: 'version', description: '版本信息' },
        { name: 'sample', description: '示例接口' },
        { name: 'account', description: '账户：登录注册、资料、退出' },
        { name: 'points', description: '积分与激活码' },
        { name: 'templates', description: '视频模板' },
        { name: 'storage', description: '上传凭证与文件' },
        { name: 'video_task', description: '视频任务' },
        { name: 'admin', description: '管理接口（管理令牌）' },
      ],
    },
  });
});
