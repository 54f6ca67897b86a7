import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { Message, Token, type Received } from './schema-kit';

/**
 * Who may make a call:
 * - `public`: anyone;
 * - `user`: a signed-in user: the token in the body (`token`) or `Authorization: Bearer`; without a
 *   good one the answer is rspCode 6 `请先登录`;
 * - `admin`: an operator: `Authorization: Bearer <admin token>`; without it HTTP 401 `{ msg }`,
 *   before the body is read.
 */
export type Access = 'public' | 'user' | 'admin';

/** One call of the HTTP API: where it is, who may make it, what it takes and what it answers. */
export interface Call {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  tags: readonly string[];
  summary: string;
  description?: string;
  body?: TObject;
  querystring?: TObject;
  params?: TObject;
  /** The `data` of the HTTP 200 envelope; absent when the call's answers are not enveloped (see `responses`). */
  data?: TSchema;
  /** Answers other than the enveloped 200, by HTTP status. */
  responses?: Readonly<Record<number, TSchema>>;
  consumes?: readonly string[];
  /**
   * An `admin` call that a deploy token of the remote named in its `:name` path parameter may
   * also make (remotes set, promote, rollback).
   */
  deploy?: boolean;
}

export function call<const C extends Call>(spec: C): C {
  return spec;
}

const ADMIN_AUTH_NOTE = '需要请求头 `Authorization: Bearer <管理令牌>`（ADMIN_TOKEN，或服务器数据目录中的 admin-token 文件）；缺少或不对：HTTP 401 `{ msg }`。';

/** An operators' call (`/admin/api/*`, what `npm run admin` calls): the note and the 401 answer come with it. */
export function adminCall<const C extends Omit<Call, 'access' | 'tags' | 'method'>>(
  spec: C,
): Omit<C, 'description' | 'responses'> & { method: 'POST'; access: 'admin'; tags: readonly string[]; description: string; responses: Readonly<Record<number, TSchema>> } {
  return {
    ...spec,
    method: 'POST',
    access: 'admin',
    tags: ['admin'],
    description: `${spec.description ?? ''}${ADMIN_AUTH_NOTE}`,
    responses: { ...spec.responses, 401: Message() },
  };
}

/** The body of a signed-in call: `props` and the optional `token` (docs/product.md "Request wrapper"). */
export function SignedIn<P extends TProperties = {}>(props: P = {} as P) {
  return Type.Object({ token: Type.Optional(Token), ...props });
}

/** An object type written out field by field (cheap for the compiler to compare). */
type Flat<T> = { [K in keyof T]: T[K] };

/** What a caller sends: the body without the token, which the request layer adds (a GET's query, which carries its data). */
export type BodyOf<C extends Call> = C['body'] extends TObject
  ? Flat<Omit<Static<C['body']>, 'token'>>
  : C['querystring'] extends TObject
    ? Static<C['querystring']>
    : Record<string, never>;
/** What a handler receives: the validated body with its defaults filled in. */
export type ReceivedBody<C extends Call> = C['body'] extends TObject ? Received<C['body']> : unknown;
export type QueryOf<C extends Call> = C['querystring'] extends TObject ? Received<C['querystring']> : unknown;
export type ParamsOf<C extends Call> = C['params'] extends TObject ? Static<C['params']> : unknown;
/** The `data` of a successful answer. */
export type DataOf<C extends Call> = C['data'] extends TSchema ? Static<C['data']> : never;
