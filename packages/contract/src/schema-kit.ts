/**
 * The building blocks of the contract's schemas (TypeBox: one definition gives the JSON Schema the
 * server validates with and the TypeScript type both sides use).
 */
import { Type, type Static, type TObject, type TOptional, type TProperties, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './limits';
import { NO_CONTROL_CHARS } from './rules';
import { RSP_CODE_DESCRIPTION, type FailureCode } from './rsp-codes';

/**
 * A text field: its Chinese `title` names it in rspMsg (`标题不能超过 30 个字`). Lengths count
 * characters (code points), as ajv does. Values arrive trimmed (the server's trim-text plugin).
 */
export function Text(title: string, limits: { min?: number; max: number }, options: { description?: string } = {}) {
  return Type.String({ title, minLength: limits.min ?? 0, maxLength: limits.max, pattern: NO_CONTROL_CHARS, ...options });
}

/** A string out of a fixed set, as JSON Schema's `enum` (what the validation messages and docs read). */
export function StringEnum<const T extends readonly string[]>(values: T, options: { title?: string; description?: string } = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

declare const DEFAULTED: unique symbol;
/** An optional field the server fills with its default before a handler sees the body. */
export type TDefaulted<T extends TSchema> = TOptional<T> & { [DEFAULTED]: true };

/** `schema`, optional in a request, `value` when left out. */
export function Defaulted<T extends TSchema>(schema: T, value: Static<T>): TDefaulted<T> {
  return Type.Optional({ ...schema, default: value } as T) as TDefaulted<T>;
}

type DefaultedKeys<P extends TProperties> = { [K in keyof P]: P[K] extends { [DEFAULTED]: true } ? K : never }[keyof P];

/** A body as a handler receives it: validated, and every defaulted field filled in. */
export type Received<S extends TSchema> =
  S extends TObject<infer P> ? Omit<Static<S>, DefaultedKeys<P>> & { [K in DefaultedKeys<P>]-?: Static<P[K]> } : Static<S>;

/** The sign-in token every signed-in call carries in its body (docs/product.md "Request wrapper"); `Authorization: Bearer` works too. */
export const Token = Type.String({ maxLength: 200, title: '登录令牌' });

/** List paging (docs/api.md "Conventions"). */
export const pageProperties = {
  page: Defaulted(Type.Integer({ minimum: 1, maximum: 100000, title: '页码' }), 1),
  pageSize: Defaulted(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, title: '每页条数' }), PAGE_SIZE_DEFAULT),
};

/** Operators page through whole batches: larger pages than the app's. */
export const adminPageProperties = {
  page: pageProperties.page,
  pageSize: Defaulted(Type.Integer({ minimum: 1, maximum: ADMIN_PAGE_SIZE_MAX, title: '每页条数' }), ADMIN_PAGE_SIZE_DEFAULT),
};

/** One page of a list, newest first (docs/api.md "Conventions"). */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    hasMore: Type.Boolean(),
  });
}
export interface PageOf<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** An answer with no data: `{}`. */
export const Empty = Type.Object({});

/**
 * The HTTP 200 answer of every API call: `{ rspCode, rspMsg, data }`. `data` is optional so a
 * failure (which carries none) serializes through the same schema.
 */
export function Enveloped<T extends TSchema>(data: T) {
  return Type.Object({
    rspCode: Type.Integer({ description: RSP_CODE_DESCRIPTION }),
    rspMsg: Type.String(),
    data: Type.Optional(data),
  });
}

export interface Success<T> {
  rspCode: 0;
  rspMsg: string;
  data: T;
}
/** A failure carries no `data` (docs/api.md "Conventions" writes it as `{ rspCode: 2, rspMsg: '…' }`). */
export interface Failure {
  rspCode: FailureCode;
  rspMsg: string;
}
export type Envelope<T> = Success<T> | Failure;

/** The transport answer outside the envelope (HTTP 4xx, 429): `{ msg }`. */
export function Message(description?: string) {
  return Type.Object({ msg: Type.String() }, description === undefined ? {} : { description });
}
