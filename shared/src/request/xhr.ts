/**
 * The transport under the request wrapper: one XMLHttpRequest, because only XHR reports upload
 * progress (fetch does not), and one small function costs the first route far less than a
 * client library. It only moves bytes; what an answer means is request.ts's business.
 */

import { stringifyQuery } from '../navigation/query-string';

export interface XhrOptions {
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

export interface XhrAnswer<T> {
  status: number;
  data: T;
}

/** No HTTP answer came: aborted by the caller or the browser, timed out, or the network failed. */
export class NoAnswer extends Error {
  constructor(readonly kind: 'abort' | 'timeout' | 'network') {
    super(kind);
  }
}

function percent(listener: ((p: number) => void) | undefined) {
  if (!listener) return null;
  // Without a known total (no Content-Length) there is no percentage to give.
  return (event: ProgressEvent) => {
    if (event.lengthComputable && event.total > 0) listener(Math.round((event.loaded / event.total) * 100));
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function xhr<T>(options: XhrOptions): Promise<XhrAnswer<T>> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(new NoAnswer('abort'));
      return;
    }
    const x = new XMLHttpRequest();
    x.open(options.method, options.url, true);
    x.timeout = options.timeout;
    x.responseType = options.responseType === 'blob' ? 'blob' : 'text';
    for (const [name, value] of Object.entries(options.headers ?? {})) x.setRequestHeader(name, value);
    const onUpload = percent(options.onUploadProgress);
    // Listeners, not `onprogress`: an upload listener must exist before send() for any upload
    // events to fire, and some implementations (jsdom) only look for added listeners.
    if (onUpload) x.upload.addEventListener('progress', onUpload);
    const onDownload = percent(options.onDownloadProgress);
    if (onDownload) x.addEventListener('progress', onDownload);

    const abort = () => x.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    x.onload = () => {
      settle();
      const data = options.responseType === 'json' ? parse(x.responseText) : x.response;
      resolve({ status: x.status, data: data as T });
    };
    // An abort without the caller asking is the browser dropping the request (e.g. navigation).
    x.onabort = () => {
      settle();
      reject(new NoAnswer('abort'));
    };
    x.ontimeout = () => {
      settle();
      reject(new NoAnswer('timeout'));
    };
    x.onerror = () => {
      settle();
      reject(new NoAnswer('network'));
    };
    x.send(options.body ?? null);
  });
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
