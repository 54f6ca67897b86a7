/**
 * The transport under the request wrapper: axios (its XMLHttpRequest adapter in the browser, which
 * reports upload progress as fetch does not). It only moves bytes: any HTTP status resolves, and
 * what an answer means is request.ts's business.
 */

import axios, { AxiosError, type AxiosProgressEvent } from 'axios';
import { stringifyQuery } from '../navigation/query-string';

export interface TransferOptions {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  timeout: number;
  signal?: AbortSignal;
  /** `blob` for files; otherwise the text, parsed as JSON when it is JSON. */
  responseType: 'json' | 'text' | 'blob';
  onUploadProgress?(percent: number): void;
  onDownloadProgress?(percent: number): void;
}

export interface TransferAnswer<T> {
  status: number;
  data: T;
  /** A Retry-After header's seconds (a 429's wait), when the answer has one. */
  retryAfterSeconds?: number;
}

/** No HTTP answer came: aborted by the caller or the browser, timed out, or the network failed. */
export class NoAnswer extends Error {
  constructor(readonly kind: 'abort' | 'timeout' | 'network') {
    super(kind);
  }
}

const client = axios.create({
  // Every HTTP answer is an answer: request.ts reads 4xx/5xx bodies, uploads and downloads resolve on any status.
  validateStatus: () => true,
  // A time-out is ETIMEDOUT, apart from ECONNABORTED (the browser dropped the request).
  transitional: { clarifyTimeoutError: true },
});

function percent(listener: ((p: number) => void) | undefined) {
  if (!listener) return undefined;
  // Without a known total (no Content-Length) there is no percentage to give.
  return (event: AxiosProgressEvent) => {
    if (event.total !== undefined && event.total > 0) listener(Math.round((event.loaded / event.total) * 100));
  };
}

function parse(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function noAnswerKind(error: unknown): NoAnswer['kind'] {
  if (axios.isCancel(error)) return 'abort';
  if (error instanceof AxiosError) {
    if (error.code === AxiosError.ETIMEDOUT) return 'timeout';
    // An abort without the caller asking is the browser dropping the request (e.g. navigation).
    if (error.code === AxiosError.ECONNABORTED) return 'abort';
  }
  return 'network';
}

export async function transfer<T>(options: TransferOptions): Promise<TransferAnswer<T>> {
  if (options.signal?.aborted) throw new NoAnswer('abort');
  try {
    const answer = await client.request<unknown>({
      method: options.method,
      url: options.url,
      headers: options.headers,
      data: options.body,
      timeout: options.timeout,
      signal: options.signal,
      responseType: options.responseType === 'blob' ? 'blob' : 'text',
      // The body as it came: JSON is parsed below, where a body that is not JSON stays text.
      transformResponse: [(data: unknown) => data],
      onUploadProgress: percent(options.onUploadProgress),
      onDownloadProgress: percent(options.onDownloadProgress),
    });
    const data = options.responseType === 'json' ? parse(answer.data) : answer.data;
    const retryAfter = Number(answer.headers?.['retry-after']);
    return { status: answer.status, data: data as T, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
  } catch (error) {
    throw new NoAnswer(noAnswerKind(error));
  }
}

/** `base` + `url` (unless `url` is absolute) + the query; objects in the query go as JSON. */
export function buildUrl(base: string, url: string, query: Record<string, unknown> | undefined): string {
  const full = /^[a-z][a-z\d+.-]*:\/\//i.test(url) || base === '' ? url : `${base.replace(/\/$/, '')}/${url.replace(/^\//, '')}`;
  const flat = Object.entries(query ?? {}).map(([key, value]) => [
    key,
    value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean | undefined | null),
  ]);
  const search = stringifyQuery(Object.fromEntries(flat));
  if (search === '') return full;
  return `${full}${full.includes('?') ? '&' : '?'}${search}`;
}
