// MiniMax speech synthesis, T2A v2 over HTTP (platform.minimaxi.com, "同步语音合成 HTTP";
// international docs: platform.minimax.io/docs/api-reference/speech-t2a-http):
// - POST {base}/v1/t2a_v2, `Authorization: Bearer <API key>`, JSON. Older accounts' docs add the
//   group id as `?GroupId=`; it is sent when MINIMAX_GROUP_ID is set.
// - Body: `model` (speech-02-hd, speech-2.6-hd…), `text` (under 10 000 characters), `stream`,
//   `voice_setting { voice_id, speed 0.5–2, vol (0,10], pitch -12–12 }`,
//   `audio_setting { sample_rate, bitrate (mp3 only), format mp3|pcm|flac|wav (wav not streamed), channel }`.
// - Answer (HTTP 200 also for errors): `{ data: { audio: <hex>, status: 2 }, extra_info: { audio_length (ms),
//   audio_sample_rate, audio_size, audio_format, usage_characters… }, trace_id, base_resp: { status_code, status_msg } }`;
//   status_code 0 is success. Error codes (platform docs "错误码"): 1000 unknown, 1001 time-out,
//   1002 rate limit (RPM), 1039 rate limit (TPM), 1004 authentication, 2049 invalid API key,
//   1008 insufficient balance, 1024 internal error, 1026 input sensitive, 1027 output sensitive,
//   1042 too many invisible characters, 2013 invalid parameters.
// We ask for WAV (16-bit PCM, 24 kHz mono) and time each phrase ourselves (narrate.ts), so the
// subtitle option (`subtitle_enable`, a file of sentence times at a separate URL) is not needed.
import type { VoiceSettings } from '../../config.js';
import { kindOfStatus, retryAfterSeconds, vendorFetch } from '../clips/vendor-http.js';
import { VendorError, type VoiceInfo, type VoiceProvider } from './voice-provider.js';

export const MINIMAX_SAMPLE_RATE = 24_000;

/** System voices from MiniMax's voice list (系统音色), Mandarin. */
export const MINIMAX_VOICES: readonly VoiceInfo[] = [
  { voiceId: 'female-shaonv', name: '少女', gender: 'female', description: '清亮活泼的少女声', language: 'zh-CN' },
  { voiceId: 'female-yujie', name: '御姐', gender: 'female', description: '成熟干练的女声', language: 'zh-CN' },
  { voiceId: 'female-tianmei', name: '甜美女声', gender: 'female', description: '甜美亲切，适合生活分享', language: 'zh-CN' },
  { voiceId: 'presenter_female', name: '女主持人', gender: 'female', description: '端庄大方的播音腔', language: 'zh-CN' },
  { voiceId: 'male-qn-qingse', name: '青涩青年', gender: 'male', description: '干净温和的青年男声', language: 'zh-CN' },
  { voiceId: 'male-qn-jingying', name: '精英青年', gender: 'male', description: '沉稳自信，适合商务介绍', language: 'zh-CN' },
  { voiceId: 'presenter_male', name: '男主持人', gender: 'male', description: '浑厚有力的播音腔', language: 'zh-CN' },
];

const RATE_LIMITED = new Set([1002, 1039]);
const UNAVAILABLE = new Set([1000, 1001, 1024, 1033]);
const MODERATION = new Set([1026, 1027]);

export function createMinimaxVoices(settings: NonNullable<VoiceSettings['minimax']>): VoiceProvider {
  const url = `${settings.baseUrl}/v1/t2a_v2${settings.groupId ? `?GroupId=${encodeURIComponent(settings.groupId)}` : ''}`;
  return {
    id: 'minimax',
    name: 'MiniMax',
    voices: MINIMAX_VOICES,
    minSpeed: 0.5,
    maxSpeed: 2,
    async speak(text, voiceId, speed, signal) {
      const body = {
        model: settings.model,
        text,
        stream: false,
        voice_setting: { voice_id: voiceId, speed, vol: 1, pitch: 0 },
        audio_setting: { sample_rate: MINIMAX_SAMPLE_RATE, format: 'wav', channel: 1 },
      };
      const response = await vendorFetch(
        url,
        { method: 'POST', headers: { Authorization: `Bearer ${settings.apiKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
        signal,
        60_000,
      );
      const json = response.json as { data?: { audio?: unknown }; base_resp?: { status_code?: number; status_msg?: string }; trace_id?: string } | undefined;
      const code = json?.base_resp?.status_code;
      const said = `MiniMax ${response.status} ${code ?? ''} ${json?.base_resp?.status_msg ?? response.text.slice(0, 200)}${json?.trace_id ? ` (trace ${json.trace_id})` : ''}`;
      if (response.status !== 200) throw new VendorError(kindOfStatus(response.status), said, retryAfterSeconds(response.headers));
      if (code === undefined) throw new VendorError('unavailable', `MiniMax answered without base_resp: ${response.text.slice(0, 200)}`);
      if (code !== 0) {
        const kind = RATE_LIMITED.has(code) ? 'rate-limited' : UNAVAILABLE.has(code) ? 'unavailable' : MODERATION.has(code) ? 'moderation' : 'rejected';
        throw new VendorError(kind, said);
      }
      const hex = json?.data?.audio;
      if (typeof hex !== 'string' || hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(hex)) throw new VendorError('unavailable', 'MiniMax answered without hex audio');
      return Buffer.from(hex, 'hex');
    },
  };
}
