import { RspCode, type Envelope, type Failure } from '@app/contract';
import { session } from '../session/session-store';
import { showToast } from '../ui/toast';
import { apiBaseUrl } from './config';
import { NoAnswer, buildUrl, transfer, type TransferAnswer } from './transport';

/** Network time-out of every transfer: request, upload, download (docs/product.md "Constants and limits"). */
export const REQUEST_TIMEOUT_MS = 60000;
/** The business code of "not signed in" (@app/contract): the stored session is worthless. */
export const SIGNED_OUT_RSP_CODE = RspCode.notSignedIn;
/** uni-app's error codes for a failed transfer (docs/product.md "Error catalogue"). */
export const NETWORK_ERROR_CODE = 602001;
export const ABORT_ERROR_CODE = 600003;

const NETWORK_ERROR_TEXT = '网络错误，换个网络试试';
const HTTP_ERROR_TEXT = '请求错误';

/** Every HTTP 200 answer of the API (@app/contract's envelope). */
export type ApiEnvelope<T = unknown> = Envelope<T>;

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  data?: Record<string, unknown>;
  params?: Record<string, unknown>;
  header?: Record<string, string>;
  hideErrorToast?: boolean;
  timeout?: number;
  signal?: AbortSignal;
}

type Transfer = 'request' | 'uploadFile' | 'downloadFile';

/** A transfer that got no usable HTTP answer, or an HTTP answer outside 2xx. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  /** HTTP status, when the server answered. */
  readonly status?: number;
  /** The answer's body, when the server answered. */
  readonly data?: unknown;
  /** uni-app's code: NETWORK_ERROR_CODE or ABORT_ERROR_CODE. */
  readonly code?: number;
  /** How long the server asked to wait (a 429's Retry-After), in seconds. */
  readonly retryAfterSeconds?: number;
  /** uni-app style, e.g. `request:fail timeout`, for code ported from uni-app callbacks. */
  readonly errMsg: string;

  constructor(
    message: string,
    details: { errMsg: string; status?: number; data?: unknown; code?: number; retryAfterSeconds?: number },
  ) {
    super(message);
    this.errMsg = details.errMsg;
    this.status = details.status;
    this.data = details.data;
    this.code = details.code;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** The server understood the call and said no (rspCode ≠ 0). Its rspMsg is fit to show a user. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly rspCode: number;
  readonly rspMsg: string;
  readonly data?: unknown;

  constructor(envelope: Failure | ApiEnvelope) {
    super(envelope.rspMsg);
    this.rspCode = envelope.rspCode;
    this.rspMsg = envelope.rspMsg;
    this.data = 'data' in envelope ? envelope.data : undefined;
  }
}

function isEnvelope(body: unknown): body is ApiEnvelope {
  return (
    typeof body === 'object' && body !== null && typeof (body as ApiEnvelope).rspCode === 'number'
  );
}

function timing(options: { timeout?: number; signal?: AbortSignal }) {
  return { timeout: options.timeout ?? REQUEST_TIMEOUT_MS, signal: options.signal };
}

/** A transfer that got no HTTP answer, as the error catalogue's failures (docs/product.md "Error catalogue"). */
function noAnswerError(transfer: Transfer, error: unknown): RequestError {
  const kind = error instanceof NoAnswer ? error.kind : 'network';
  if (kind === 'abort') {
    return new RequestError('abort', { errMsg: `${transfer}:fail abort`, code: ABORT_ERROR_CODE });
  }
  if (kind === 'timeout') return new RequestError('timeout', { errMsg: `${transfer}:fail timeout` });
  return new RequestError(NETWORK_ERROR_TEXT, {
    errMsg: `${transfer}:fail`,
    code: NETWORK_ERROR_CODE,
  });
}

/** Failures carry `{ msg }` (docs/api.md "Conventions"), shown as is; an answer without one gets the generic text. */
function httpError(answer: TransferAnswer<unknown>, hideErrorToast: boolean | undefined): RequestError {
  const body: unknown = answer.data;
  const msg = typeof body === 'object' && body !== null ? (body as { msg?: unknown }).msg : null;
  const message = typeof msg === 'string' && msg !== '' ? msg : HTTP_ERROR_TEXT;
  // 401: the session is over. No toast: the page the user is on shows its signed-out state.
  if (answer.status === 401) session.clear();
  else if (!hideErrorToast) void showToast(message);
  return new RequestError(message, {
    errMsg: `request:fail ${answer.status}`,
    status: answer.status,
    data: body,
    retryAfterSeconds: answer.retryAfterSeconds,
  });
}

/** The token rides in every body (docs/product.md "Request wrapper"); a token the caller put there itself wins. */
function bodyWithToken(data: Record<string, unknown> | undefined): Record<string, unknown> {
  const token = session.getToken();
  return token ? { token, ...data } : { ...data };
}

/**
 * The one request wrapper (docs/product.md "Request wrapper", "Error catalogue"): GET by default,
 * JSON bodies, `platform: h5`, the token in every body. Resolves with the body of a 2xx answer; rejects as the error catalogue says.
 */
export async function request<T = ApiEnvelope>(options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const hasBody = method !== 'GET';
  let answer: TransferAnswer<T>;
  try {
    answer = await transfer<T>({
      ...timing(options),
      method,
      // Read per call: configureRequest may change it after this module loaded. As uni.request
      // does, a GET's data is its query: a GET has no body to carry it.
      url: buildUrl(apiBaseUrl(), options.url, hasBody ? options.params : { ...options.data, ...options.params }),
      body: hasBody ? JSON.stringify(bodyWithToken(options.data)) : undefined,
      headers: {
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        ...options.header,
        platform: 'h5',
      },
      responseType: 'json',
    });
  } catch (error) {
    const failure = noAnswerError('request', error);
    if (failure.code === NETWORK_ERROR_CODE) void showToast(NETWORK_ERROR_TEXT);
    throw failure;
  }
  if (answer.status < 200 || answer.status >= 300) throw httpError(answer, options.hideErrorToast);
  const body = answer.data;
  if (isEnvelope(body) && body.rspCode === SIGNED_OUT_RSP_CODE) {
    session.clear();
    throw new ApiError(body);
  }
  return body;
}

/**
 * An API call: POST by default; resolves the envelope's `data` when rspCode is 0, rejects with
 * ApiError otherwise. It does not toast business answers: each page decides what to say.
 */
export async function callApi<T>(
  url: string,
  data?: Record<string, unknown>,
  options: Omit<RequestOptions, 'url' | 'data'> = {},
): Promise<T> {
  const body = await request<unknown>({ ...options, method: options.method ?? 'POST', url, data });
  // A 2xx that is not an envelope comes from something in between (a proxy, a captive portal).
  if (!isEnvelope(body)) {
    throw new RequestError(HTTP_ERROR_TEXT, { errMsg: 'request:fail no envelope', data: body });
  }
  if (body.rspCode !== 0) throw new ApiError(body);
  return body.data as T;
}

export interface UploadFileOptions {
  url: string;
  file: Blob;
  /** Form field of the file. */
  name?: string;
  formData?: Record<string, string>;
  onProgress?(percent: number): void;
  signal?: AbortSignal;
  timeout?: number;
}

export interface UploadFileResult {
  statusCode: number;
  data: string;
}

/**
 * A multipart upload, usually to a storage host with a signed policy: no token and no
 * `platform` header, which a storage host neither wants nor allows in CORS. Any HTTP answer
 * resolves (a store answers 204, or an XML error) for the caller to read, as uni.uploadFile does.
 */
export async function uploadFile(options: UploadFileOptions): Promise<UploadFileResult> {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.formData ?? {})) form.append(key, value);
  // Object stores ignore every field after the file, the policy and signature included: file last.
  form.append(options.name ?? 'file', options.file);
  try {
    const answer = await transfer<string>({
      ...timing(options),
      method: 'POST',
      url: buildUrl(apiBaseUrl(), options.url, undefined),
      body: form,
      responseType: 'text',
      onUploadProgress: options.onProgress,
    });
    return { statusCode: answer.status, data: answer.data };
  } catch (error) {
    throw noAnswerError('uploadFile', error);
  }
}

export interface DownloadFileOptions {
  url: string;
  onProgress?(percent: number): void;
  signal?: AbortSignal;
  timeout?: number;
}

export interface DownloadFileResult {
  statusCode: number;
  blob: Blob;
}

/** A plain GET of a file (a video, a cover); any HTTP answer resolves, as uni.downloadFile does. */
export async function downloadFile(options: DownloadFileOptions): Promise<DownloadFileResult> {
  try {
    const answer = await transfer<Blob>({
      ...timing(options),
      method: 'GET',
      url: buildUrl(apiBaseUrl(), options.url, undefined),
      responseType: 'blob',
      onDownloadProgress: options.onProgress,
    });
    return { statusCode: answer.status, blob: answer.data };
  } catch (error) {
    throw noAnswerError('downloadFile', error);
  }
}
