import swagger from '@fastify/swagger';
import { serverVersion } from '../lib/server-version.js';
import { appPlugin } from '../lib/app-plugin.js';

/**
 * What holds for every call: the head of the OpenAPI document, and so of docs/api.md (generated
 * from it by `npm run docs:api`). Markdown.
 */
const CONVENTIONS = `## Conventions

- JSON in, JSON out, UTF-8. The app's calls are \`POST\` unless marked \`GET\`; a JSON body is at
  most 1 MiB and nests at most 32 levels.
- Every answer with HTTP 200 is the envelope \`{ rspCode, rspMsg, data }\`. \`rspCode\` 0 is
  success; \`rspMsg\` is short Chinese text fit to show a user; a failure carries no \`data\`.

  | rspCode | meaning | example rspMsg |
  |---|---|---|
  | 0 | success | 成功 |
  | 1 | failed for a stated reason | 手机号或密码错误 |
  | 2 | invalid parameter; rspMsg names the field | 标题不能超过 30 个字 |
  | 3 | not enough points | 积分不足 |
  | 4 | not found, or not yours (the same answer for both) | 视频不存在 |
  | 5 | not allowed in the current state | 激活码已被使用 |
  | 6 | not signed in: token missing, unknown, expired or revoked | 请先登录 |

- Transport errors answer \`{ msg }\` (Chinese) with no envelope: 400 malformed JSON, a body nested
  too deep or a wrong content type; 404 unknown route; 413 body too large; 429 rate limited (with
  \`Retry-After\` in seconds); 500 an unexpected fault (no stack, SQL or paths in the body; the log
  holds the detail under the \`requestId\` the body repeats). Every answer carries \`x-request-id\`.
  The app clears its session on HTTP 401; this server does not send 401 for the API.
- Token: signed-in calls carry \`token\` in the JSON body (or \`Authorization: Bearer <token>\`).
  Tokens are opaque random strings (at least 128 bits), stored only as a hash, revocable, valid
  30 days from their last use.
- The app sends the header \`platform: h5\`; the server logs it and accepts any value.
- Times are milliseconds since the Unix epoch (numbers). Ids are strings.
- Lists take \`{ page = 1, pageSize = 10 }\` (pageSize 1–50) and answer
  \`{ list, total, page, pageSize, hasMore }\`, newest first unless a call says otherwise.
- Text fields are trimmed before they are checked (passwords and tokens never are). Control
  characters (C0, DEL, C1), bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
  zero-width and other invisible format characters (U+200B, U+2060–U+206F, U+FEFF), line and
  paragraph separators and lone surrogates are refused with rspCode 2 naming the field; the
  zero-width joiners inside emoji are kept. Lengths count characters (code points), not bytes.
- Limits that hold across every API process sharing the database, counted before the work so
  requests sent at once all count: 5 wrong passwords per phone per 15 minutes, 10 failed
  activation codes per user per hour, \`SIGNUP_LIMIT\` new accounts per client address per hour,
  60 upload policies per user per 10 minutes. Each answers 429 with \`Retry-After\`.
`;

/**
 * Collects every route's schema into an OpenAPI 3 document (served by routes/docs).
 * Registered before the routes: it learns them through the onRoute hook.
 */
export const openApi = appPlugin('openapi', async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'AI视频生成工具 API',
        description: CONVENTIONS,
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
        { name: 'ai', description: 'AI 帮写' },
        { name: 'admin', description: '管理接口（管理令牌）' },
      ],
    },
  });
});
