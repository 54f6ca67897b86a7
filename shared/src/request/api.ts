import type { ApiBody, ApiData, ApiMethod, ApiPath } from '@app/contract';
import { callApi, type RequestOptions } from './request';

type GetPath = { [P in ApiPath]: ApiMethod<P> extends 'GET' ? P : never }[ApiPath];

/**
 * The app's calls that @app/contract makes GETs; every other is a POST. A record over exactly those
 * paths: a GET added to the contract fails the build until it is listed here (the schemas stay out
 * of the bundle: only types are imported from the contract).
 */
const GETS: Record<GetPath, true> = { '/api/v1/version/get_version_info': true, '/foo': true };

export type ApiOptions = Omit<RequestOptions, 'url' | 'data' | 'method'>;

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

/**
 * One signature per path of the contract (overloads, not a generic: a generic path would make the
 * compiler re-derive TypeBox's types for every call whose result is contextually typed).
 */
type Api = UnionToIntersection<{ [P in ApiPath]: (path: P, body: ApiBody<P>, options?: ApiOptions) => Promise<ApiData<P>> }[ApiPath]>;

/**
 * One call of the HTTP API, typed by @app/contract: the body follows from the path (the token is
 * added by the request layer) and so does the answer's `data`. Resolves `data` when rspCode is 0,
 * rejects as callApi does (ApiError for a business answer, RequestError for the transport).
 */
export const api = ((path: ApiPath, body: Record<string, unknown>, options: ApiOptions = {}) =>
  callApi<unknown>(path, body, { ...options, method: Object.hasOwn(GETS, path) ? 'GET' : 'POST' })) as Api;
