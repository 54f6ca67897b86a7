import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_SIZE, type ApiPath, type UploadKind, type UploadPolicy } from '@app/contract';
import { api } from '../request/api';
import { NETWORK_ERROR_CODE, RequestError, uploadFile } from '../request/request';

export const STS_POLICY_URL = '/server_api/oss/stsPolicy' satisfies ApiPath;

export const UPLOAD_WRONG_TYPE_TEXT = '只能上传 JPG、PNG 或 WEBP 图片';
export const UPLOAD_FAILED_TEXT = '上传失败，请重试';
const NETWORK_ERROR_TEXT = '网络错误，换个网络试试';

const tooLargeText = (maxSize: number) => `图片不能超过 ${Math.floor(maxSize / 1024 / 1024)}MB`;

export interface UploadImageOptions {
  file: Blob;
  kind: UploadKind;
  /** 0..100 while the bytes go up. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/** Checks a picture against a type list and size before a byte leaves the device; null when fine. */
export function imageProblem(file: Blob, limits: { contentTypes: readonly string[]; maxSize: number }): string | null {
  if (!limits.contentTypes.includes(file.type)) return UPLOAD_WRONG_TYPE_TEXT;
  if (file.size > limits.maxSize) return tooLargeText(limits.maxSize);
  if (file.size === 0) return '图片是空的，请换一张';
  return null;
}

/** The store's refusal: `{ msg }` from the embedded store; an S3 XML error says nothing a user reads. */
function refusalText(body: string): string {
  try {
    const msg = (JSON.parse(body) as { msg?: unknown }).msg;
    return typeof msg === 'string' && msg !== '' ? msg : UPLOAD_FAILED_TEXT;
  } catch {
    return UPLOAD_FAILED_TEXT;
  }
}

/**
 * Uploads a picture through a signed policy (docs/api.md, /server_api/oss/stsPolicy) and resolves
 * the URL it is served at. Rejects with an Error whose message is Chinese and fit to show: a wrong type or size (checked
 * here first, then against the policy's own limits), the store's refusal, a network failure. An
 * abort rejects with the request wrapper's "abort".
 */
export async function uploadImage(options: UploadImageOptions): Promise<string> {
  const { file, kind, onProgress, signal } = options;
  const early = imageProblem(file, { contentTypes: UPLOAD_CONTENT_TYPES, maxSize: UPLOAD_MAX_SIZE });
  if (early) throw new Error(early);

  const policy = await api(STS_POLICY_URL, { kind }, { signal });
  const late = imageProblem(file, policy);
  if (late) throw new Error(late);

  return sendToStore(policy, file, onProgress, signal);
}

/**
 * Posts `file` to the store a policy names (its fields, then key, then the file) and resolves the
 * URL it is served at; the store's refusal and a network failure reject with a Chinese message.
 */
export async function sendToStore(policy: UploadPolicy, file: Blob, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<string> {
  let answer;
  try {
    answer = await uploadFile({
      url: policy.host,
      file,
      name: 'file',
      // Insertion order is the form's order: the policy's fields, then key (file goes last).
      formData: { ...policy.fields, key: policy.key },
      onProgress,
      signal,
    });
  } catch (error) {
    if (error instanceof RequestError && error.code === NETWORK_ERROR_CODE) throw new Error(NETWORK_ERROR_TEXT);
    throw error;
  }
  if (answer.statusCode < 200 || answer.statusCode > 299) throw new Error(refusalText(answer.data));
  onProgress?.(100);
  return policy.url;
}
