// A stand-in for MiniMax's T2A v2 HTTP API, written from MiniMax's API reference (see
// src/modules/voices/minimax.ts for the facts): `POST /v1/t2a_v2` with `Authorization: Bearer`,
// the group id in the query where the account requires it, every field checked as the reference
// states its range, errors as HTTP 200 with `base_resp { status_code, status_msg }` (1004 auth,
// 2013 invalid params, 1002 rate limit over a requests-per-window limit, 1026 sensitive input),
// and the audio hex-encoded in `data.audio` with `extra_info.audio_length` in milliseconds.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './stand-in-kit';
import { speechPcm, wavOf } from './speech-audio';

export interface MinimaxStandInOptions {
  apiKey?: string;
  /** When set, the account's docs require `?GroupId=` and it must match. */
  groupId?: string;
  voices?: string[];
  /** Requests per window before 1002 (RPM, over `windowMs`). */
  requestsPerWindow?: number;
  windowMs?: number;
}

export interface MinimaxStandInCall {
  text: string;
  model: string;
  voiceId: string;
  speed: number;
  format: string;
  sampleRate: number;
  outcome: number;
}

const MODELS = new Set(['speech-2.8-hd', 'speech-2.8-turbo', 'speech-2.6-hd', 'speech-2.6-turbo', 'speech-02-hd', 'speech-02-turbo', 'speech-01-hd', 'speech-01-turbo']);
const SAMPLE_RATES = new Set([8000, 16000, 22050, 24000, 32000, 44100]);
const FORMATS = new Set(['mp3', 'pcm', 'flac', 'wav']);
export const MINIMAX_SENSITIVE = '违禁词';

export async function startMinimaxStandIn(options: MinimaxStandInOptions = {}) {
  const apiKey = options.apiKey ?? `mm-${randomBytes(12).toString('hex')}`;
  const voices = new Set(options.voices ?? ['female-shaonv', 'female-yujie', 'female-tianmei', 'presenter_female', 'male-qn-qingse', 'male-qn-jingying', 'presenter_male']);
  const calls: MinimaxStandInCall[] = [];
  /** Status codes the next calls answer with, in order (a vendor having a bad minute). */
  const scripted: { code: number; msg: string }[] = [];
  let window: number[] = [];
  const limits = { requestsPerWindow: options.requestsPerWindow ?? 1000, windowMs: options.windowMs ?? 60_000 };

  const send = (res: ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Trace-Id': randomBytes(8).toString('hex') });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, code: number, msg: string) => send(res, { trace_id: randomBytes(16).toString('hex'), base_resp: { status_code: code, status_msg: msg } });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const raw = await readBody(req);
    if (req.method !== 'POST' || url.pathname !== '/v1/t2a_v2') return send(res, { error: 'not found' }, 404);
    if (req.headers.authorization !== `Bearer ${apiKey}`) return fail(res, 1004, 'login fail: Please carry the API secret key in the Authorization field of the request header');
    if (options.groupId !== undefined && url.searchParams.get('GroupId') !== options.groupId) return fail(res, 1004, 'token not match group');
    if (!String(req.headers['content-type']).startsWith('application/json')) return fail(res, 2013, 'invalid params, Content-Type must be application/json');
    const now = Date.now();
    window = window.filter((at) => now - at < limits.windowMs);
    if (window.length >= limits.requestsPerWindow) return fail(res, 1002, 'rate limit exceeded(RPM)');
    window.push(now);
    const next = scripted.shift();
    if (next) return fail(res, next.code, next.msg);

    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      return fail(res, 2013, 'invalid params, request body is not JSON');
    }
    const voice = body?.voice_setting ?? {};
    const audio = body?.audio_setting ?? {};
    const problem =
      !MODELS.has(body?.model) ? `model ${body?.model} not supported` :
      typeof body.text !== 'string' || body.text.trim() === '' ? 'text is empty' :
      body.text.length >= 10_000 ? 'text should be less than 10000 characters' :
      typeof voice.voice_id !== 'string' || !voices.has(voice.voice_id) ? `voice_id ${voice.voice_id} not exist` :
      voice.speed !== undefined && !(typeof voice.speed === 'number' && voice.speed >= 0.5 && voice.speed <= 2) ? 'voice_setting.speed should be in [0.5, 2]' :
      voice.vol !== undefined && !(typeof voice.vol === 'number' && voice.vol > 0 && voice.vol <= 10) ? 'voice_setting.vol should be in (0, 10]' :
      voice.pitch !== undefined && !(Number.isInteger(voice.pitch) && voice.pitch >= -12 && voice.pitch <= 12) ? 'voice_setting.pitch should be an integer in [-12, 12]' :
      audio.sample_rate !== undefined && !SAMPLE_RATES.has(audio.sample_rate) ? `audio_setting.sample_rate ${audio.sample_rate} not supported` :
      audio.format !== undefined && !FORMATS.has(audio.format) ? `audio_setting.format ${audio.format} not supported` :
      audio.format === 'wav' && body.stream === true ? 'wav is only supported in non-streaming mode' :
      audio.channel !== undefined && audio.channel !== 1 && audio.channel !== 2 ? 'audio_setting.channel should be 1 or 2' :
      null;
    const call: MinimaxStandInCall = { text: body?.text, model: body?.model, voiceId: voice.voice_id, speed: voice.speed ?? 1, format: audio.format ?? 'mp3', sampleRate: audio.sample_rate ?? 32000, outcome: 0 };
    calls.push(call);
    if (problem) {
      call.outcome = 2013;
      return fail(res, 2013, `invalid params, ${problem}`);
    }
    if (body.text.includes(MINIMAX_SENSITIVE)) {
      call.outcome = 1026;
      return fail(res, 1026, 'input new_sensitive');
    }
    if (call.format !== 'wav' && call.format !== 'pcm') throw new Error(`the stand-in makes wav and pcm only, not ${call.format}`);
    const pcm = speechPcm(body.text, call.speed, call.sampleRate, [...voices].indexOf(call.voiceId));
    const bytes = call.format === 'wav' ? wavOf(pcm, call.sampleRate) : pcm;
    send(res, {
      data: { audio: bytes.toString('hex'), status: 2, ced: '' },
      extra_info: {
        audio_length: Math.round((pcm.length / 2 / call.sampleRate) * 1000),
        audio_sample_rate: call.sampleRate,
        audio_size: bytes.length,
        bitrate: 128000,
        word_count: Array.from(body.text).length,
        invisible_character_ratio: 0,
        usage_characters: Array.from(body.text).length,
        audio_format: call.format,
        audio_channel: 1,
      },
      trace_id: randomBytes(16).toString('hex'),
      base_resp: { status_code: 0, status_msg: 'success' },
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, { base_resp: { status_code: 1000, status_msg: error.message } }, 500));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    scripted,
    limits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MinimaxStandIn = Awaited<ReturnType<typeof startMinimaxStandIn>>;
