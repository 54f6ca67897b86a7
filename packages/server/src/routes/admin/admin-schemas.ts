/** Shown on every admin route in /docs/json. */
export const ADMIN_TAG = 'admin';
export const ADMIN_AUTH_NOTE = '需要请求头 `Authorization: Bearer <管理令牌>`（ADMIN_TOKEN，或服务器数据目录中的 admin-token 文件）；缺少或不对：HTTP 401 `{ msg }`。';

/** The admin API's transport answer for a missing or wrong token. */
export const unauthorizedSchema = {
  type: 'object',
  required: ['msg'],
  properties: { msg: { type: 'string' } },
} as const;

/** Operators page through whole batches: larger pages than the app's (1..50). */
export const adminPageProperties = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1, title: '页码' },
  pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 100, title: '每页条数' },
} as const;

export interface AdminPage {
  page: number;
  pageSize: number;
}

/** What a route answers: its envelope, or 401 without the admin token. */
export function adminResponses(ok: Record<string, unknown>) {
  return { 200: ok, 401: unauthorizedSchema } as const;
}
