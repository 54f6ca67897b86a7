import { envelopeSchema } from './envelope.js';

/** Text with no control characters (API.md: they are refused, rspCode 2). */
export const NO_CONTROL_CHARS = '^[^\\u0000-\\u001F\\u007F]*$';

/**
 * A text field: its Chinese `title` names it in rspMsg (`标题不能超过 30 个字`). Lengths count
 * characters (code points), as ajv does. Values arrive trimmed (plugins/trim-text).
 */
export function text(title: string, limits: { min?: number; max: number }) {
  return { type: 'string', title, minLength: limits.min ?? 0, maxLength: limits.max, pattern: NO_CONTROL_CHARS } as const;
}

/** The sign-in token every signed-in call carries in its body (seed §7); `Authorization: Bearer` works too. */
export const tokenProperty = { type: 'string', maxLength: 200, title: '登录令牌' } as const;

/** List paging (API.md "Conventions"). */
export const pageProperties = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1, title: '页码' },
  pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10, title: '每页条数' },
} as const;

/** The body of a signed-in list call: the token and paging. */
export const signedInPageBody = {
  type: 'object',
  properties: { token: tokenProperty, ...pageProperties },
} as const;

/** The envelope of a page of `item`s: `{ list, total, page, pageSize, hasMore }`. */
export function pageResponse(item: Record<string, unknown>) {
  return envelopeSchema({
    type: 'object',
    required: ['list', 'total', 'page', 'pageSize', 'hasMore'],
    properties: {
      list: { type: 'array', items: item },
      total: { type: 'integer' },
      page: { type: 'integer' },
      pageSize: { type: 'integer' },
      hasMore: { type: 'boolean' },
    },
  });
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export function pageOf<T>(list: T[], total: number, page: number, pageSize: number): Page<T> {
  return { list, total, page, pageSize, hasMore: page * pageSize < total };
}
