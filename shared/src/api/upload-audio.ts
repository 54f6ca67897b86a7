import { AUDIO_DECLARED_TYPES, AUDIO_EXTENSIONS, AUDIO_UPLOAD_MAX_SIZE, UploadRefusal } from '@app/contract';
import { api } from '../request/api';
import { sendToStore, STS_POLICY_URL } from './upload-image';

export const AUDIO_WRONG_TYPE_TEXT = UploadRefusal.notAudio;

/**
 * Checks the user's music before a byte leaves the device; null when fine. Browsers name audio
 * files differently (or not at all), so a known extension is enough here: the server tells the
 * type from the bytes and refuses a disguise with the same words.
 */
export function audioProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  const known = AUDIO_EXTENSIONS.some((extension) => name.endsWith(extension)) || (AUDIO_DECLARED_TYPES as readonly string[]).includes(file.type);
  if (!known || file.type.startsWith('image/') || file.type.startsWith('video/')) return AUDIO_WRONG_TYPE_TEXT;
  if (file.size > AUDIO_UPLOAD_MAX_SIZE) return `音乐文件不能超过 ${AUDIO_UPLOAD_MAX_SIZE / 1024 / 1024}MB`;
  if (file.size === 0) return '音乐文件是空的，请换一个';
  return null;
}

/**
 * Uploads the user's own music through a signed `audio` policy (docs/api.md,
 * /server_api/oss/stsPolicy) and resolves its URL, to send as save's `music`. Rejects with a
 * Chinese message fit to show, as uploadImage does.
 */
export async function uploadAudio(options: { file: File; onProgress?(percent: number): void; signal?: AbortSignal }): Promise<string> {
  const { file, onProgress, signal } = options;
  const problem = audioProblem(file);
  if (problem) throw new Error(problem);
  const policy = await api(STS_POLICY_URL, { kind: 'audio' }, { signal });
  if (file.size > policy.maxSize) throw new Error(`音乐文件不能超过 ${Math.floor(policy.maxSize / 1024 / 1024)}MB`);
  return sendToStore(policy, file, onProgress, signal);
}
