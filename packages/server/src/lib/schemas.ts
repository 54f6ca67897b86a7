import { envelopeSchema } from './envelope.js';

/**
 * The characters a text field refuses (docs/api.md "Conventions": control characters are refused, rspCode 2), as the
 * body of a regular-expression class:
 * - control characters: C0 `U+0000–U+001F`, DEL `U+007F`, C1 `U+0080–U+009F`;
 * - invisible formatting that can make a name or a title read differently from what it holds:
 *   the bidi marks and controls (ALM `U+061C`, LRM/RLM `U+200E–U+200F`, embeddings and overrides
 *   `U+202A–U+202E`, isolates `U+2066–U+2069`), zero-width space `U+200B`, word joiner and
 *   invisible operators `U+2060–U+206F`, line and paragraph separators `U+2028–U+2029`, the byte
 *   order mark `U+FEFF` and the interlinear annotation marks `U+FFF9–U+FFFB`;
 * - lone surrogates `U+D800–U+DFFF` (JSON can carry `"\ud800"`; they are no character at all).
 *   Ajv compiles patterns with the `u` flag, so a proper surrogate pair (an emoji) is one code
 *   point above `U+FFFF` and is not matched.
 * The zero-width (non-)joiners `U+200C–U+200D` stay allowed: emoji sequences and several scripts
 * need them.
 */
const REFUSED_CHARS =
  '\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB\\uD800-\\uDFFF';

/** The pattern of every text field: none of the refused characters. */
export const NO_CONTROL_CHARS = `^[^${REFUSED_CHARS}]*$`;

/**
 * The pattern of a password at sign-in: only C0 controls and DEL refused, as before the invisible
 * characters were, so every password an account could set still signs in. A new password meets
 * modules/accounts/password-rule, which refuses all of REFUSED_CHARS.
 */
export const NO_C0_CONTROL_CHARS = '^[^\\u0000-\\u001F\\u007F]*$';

const REFUSED_CHAR = new RegExp(`[${REFUSED_CHARS}]`, 'u');

/** How rspMsg says, after the field's name, that `value` holds a refused character; null if it holds none. */
export function refusedCharMessage(value: string): string | null {
  const found = REFUSED_CHAR.exec(value)?.[0];
  if (found === undefined) return null;
  const code = found.charCodeAt(0);
  if (code <= 0x9f) return '不能包含控制字符';
  if (code >= 0xd800 && code <= 0xdfff) return '不能包含无效字符';
  return '不能包含不可见字符';
}

/**
 * A text field: its Chinese `title` names it in rspMsg (`标题不能超过 30 个字`). Lengths count
 * characters (code points), as ajv does. Values arrive trimmed (plugins/trim-text).
 */
export function text(title: string, limits: { min?: number; max: number }) {
  return { type: 'string', title, minLength: limits.min ?? 0, maxLength: limits.max, pattern: NO_CONTROL_CHARS } as const;
}
/** The sign-in token every signed-in call carries in its body (docs/product.md "Request wrapper"); `Authorization: Bearer` works too. */
export const tokenProperty = { type: 'string', maxLength: 200, title: '登录令牌' } as const;

/** List paging (docs/api.md "Conventions"). */
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
