// Volcengine 豆包语音合成 over HTTP (volcengine.com/docs/6561, "HTTP 非流式"; the same parameters as
// the v1 WebSocket interface):
// - POST {base}/api/v1/tts, `Authorization: Bearer;<token>` — a semicolon, not a space.
// - Body: `app { appid, token, cluster }` (cluster `volcano_tts`), `user { uid }`,
//   `audio { voice_type, encoding wav|pcm|ogg_opus|mp3, speed_ratio 0.8–2, rate 8000|16000|24000, loudness_ratio }`,
//   `request { reqid (unique per call, a UUID), text (at most 1024 bytes of UTF-8), operation: 'query' (HTTP only queries) }`.
// - Answer: `{ reqid, code, message, operation, sequence: -1, data: <base64 audio>, addition: { duration: "<ms>" } }`,
//   code 3000 Success. Errors: 3001 invalid request, 3003 concurrency over the limit, 3005 server
//   busy, 3006 reqid reused, 3010 text too long, 3011 invalid text (empty, punctuation only, wrong
//   language), 3030 time-out, 3031 processing error, 3032 audio wait time-out, 3040 backend link
//   error, 3050 voice not found; a bad token answers "authenticate request: load grant: requested grant not found".
import { randomUUID } from 'node:crypto';
import type { VoiceSettings } from '../../config.js';
import { kindOfStatus, retryAfterSeconds, vendorFetch } from '../clips/vendor-http.js';
import { VendorError, type VoiceInfo, type VoiceProvider } from './voice-provider.js';

export const VOLC_SAMPLE_RATE = 24_000;
/** The text limit of one request, in bytes of UTF-8. */
export const VOLC_TEXT_MAX_BYTES = 1024;

/** Voices from Volcengine's voice list (音色列表); BV001 and BV002 need no purchase in the console. */
export const VOLC_VOICES: readonly VoiceInfo[] = [
  { voiceId: 'BV001_streaming', name: '通用女声', gender: 'female', description: '自然亲切的女声', language: 'zh-CN' },
  { voiceId: 'BV700_streaming', name: '灿灿', gender: 'female', description: '明快生动，适合旅行美食', language: 'zh-CN' },
  { voiceId: 'BV002_streaming', name: '通用男声', gender: 'male', description: '平实清楚的男声', language: 'zh-CN' },
  { voiceId: 'BV701_streaming', name: '擎苍', gender: 'male', description: '低沉有力，适合讲述', language: 'zh-CN' },
];

const RATE_LIMITED = new Set([3003]);
const UNAVAILABLE = new Set([3005, 3030, 3031, 3032, 3040]);

export function createVolcVoices(settings: NonNullable<VoiceSettings['volc']>): VoiceProvider {
  const url = `${settings.baseUrl}/api/v1/tts`;
  return {
    id: 'volc',
    name: '火山引擎豆包语音',
    voices: VOLC_VOICES,
    minSpeed: 0.8,
    maxSpeed: 2,
    async speak(text, voiceId, speed, signal) {
      if (Buffer.byteLength(text, 'utf8') > VOLC_TEXT_MAX_BYTES) throw new VendorError('rejected', `text of ${Buffer.byteLength(text, 'utf8')} bytes is over Volcengine's ${VOLC_TEXT_MAX_BYTES}`);
      const reqid = randomUUID();
      const body = {
        // The docs call `app.token` a fake token (any non-empty string): the header carries the real one.
        app: { appid: settings.appId, token: 'access_token', cluster: settings.cluster },
        user: { uid: 'ai-video' },
        audio: { voice_type: voiceId, encoding: 'wav', speed_ratio: Math.round(speed * 10) / 10, rate: VOLC_SAMPLE_RATE },
        request: { reqid, text, operation: 'query' },
      };
      const response = await vendorFetch(
        url,
        { method: 'POST', headers: { Authorization: `Bearer;${settings.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
        signal,
        60_000,
      );
      const json = response.json as { code?: number; message?: string; data?: unknown; reqid?: string } | undefined;
      const code = json?.code;
      const said = `Volcengine TTS ${response.status} ${code ?? ''} ${json?.message ?? response.text.slice(0, 200)} (reqid ${reqid}, logid ${response.headers.get('x-tt-logid') ?? '-'})`;
      if (code === 3000 && response.status === 200) {
        if (typeof json?.data !== 'string' || json.data === '' || !/^[A-Za-z0-9+/]+=*$/.test(json.data)) throw new VendorError('unavailable', 'Volcengine TTS answered without base64 audio');
        return Buffer.from(json.data, 'base64');
      }
      if (code !== undefined && RATE_LIMITED.has(code)) throw new VendorError('rate-limited', said, retryAfterSeconds(response.headers));
      if (code !== undefined && UNAVAILABLE.has(code)) throw new VendorError('unavailable', said, retryAfterSeconds(response.headers));
      if (code !== undefined) throw new VendorError('rejected', said);
      throw new VendorError(response.status === 200 ? 'unavailable' : kindOfStatus(response.status), said, retryAfterSeconds(response.headers));
    },
  };
}
