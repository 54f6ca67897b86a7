// A stand-in for Volcengine's 豆包语音合成 HTTP interface, written from its documentation (see
// src/modules/voices/volc.ts for the facts): `POST /api/v1/tts` with `Authorization: Bearer;<token>`
// (semicolon), `app / user / audio / request` checked as documented (appid, cluster, voice_type
// 3050, encoding, speed_ratio 0.8–2, rate, a fresh reqid 3006, text ≤ 1024 bytes 3010, text with
// something to say 3011, operation query), 3003 over the concurrency limit, and
// `{ reqid, code: 3000, message: 'Success', data: <base64>, addition: { duration } }` with an X-Tt-Logid header.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './stand-in-kit';
import { speechPcm, wavOf } from './speech-audio';

export interface VolcStandInOptions {
  appId?: string;
  token?: string;
  cluster?: string;
  voices?: string[];
  /** Requests synthesized at once before 3003 (the account's concurrency). */
  concurrency?: number;
  /** How long each synthesis takes (lets a test run calls at once). */
  delayMs?: number;
}

export interface VolcStandInCall {
  reqid: string;
  text: string;
  voiceType: string;
  speedRatio: number;
  encoding: string;
  rate: number;
  code: number;
}

const ENCODINGS = new Set(['wav', 'pcm', 'ogg_opus', 'mp3']);
const RATES = new Set([8000, 16000, 24000]);

export async function startVolcStandIn(options: VolcStandInOptions = {}) {
  const appId = options.appId ?? String(1_000_000 + Math.floor(Math.random() * 8_000_000));
  const token = options.token ?? randomBytes(16).toString('base64url');
  const cluster = options.cluster ?? 'volcano_tts';
  const voices = new Set(options.voices ?? ['BV001_streaming', 'BV002_streaming', 'BV700_streaming', 'BV701_streaming']);
  const calls: VolcStandInCall[] = [];
  const reqids = new Set<string>();
  const scripted: { code: number; message: string; status?: number }[] = [];
  let inFlight = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'X-Tt-Logid': `2026${randomBytes(12).toString('hex').toUpperCase()}` });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, reqid: string, code: number, message: string) => send(res, status, { reqid, code, message, operation: 'query', sequence: -1 });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const raw = await readBody(req);
    if (req.method !== 'POST' || url.pathname !== '/api/v1/tts') return send(res, 404, { message: 'not found' });
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      return fail(res, 400, '', 3001, 'invalid request: body is not JSON');
    }
    const reqid = typeof body?.request?.reqid === 'string' ? body.request.reqid : '';
    if (req.headers.authorization !== `Bearer;${token}`) return fail(res, 401, reqid, 3001, 'authenticate request: load grant: requested grant not found');
    if (body?.app?.appid !== appId) return fail(res, 401, reqid, 3001, 'authenticate request: load grant: requested grant not found');
    const next = scripted.shift();
    if (next) return fail(res, next.status ?? 500, reqid, next.code, next.message);
    const { app = {}, user = {}, audio = {}, request = {} } = body;
    const text: unknown = request.text;
    const call: VolcStandInCall = { reqid, text: String(text), voiceType: audio.voice_type, speedRatio: audio.speed_ratio ?? 1, encoding: audio.encoding ?? 'pcm', rate: audio.rate ?? 24000, code: 3000 };
    calls.push(call);
    const refuse = (status: number, code: number, message: string) => {
      call.code = code;
      fail(res, status, reqid, code, message);
    };
    if (app.cluster !== cluster) return refuse(400, 3001, 'Fail to feed text, reason Init Engine Instance failed');
    if (typeof app.token !== 'string' || app.token === '') return refuse(400, 3001, 'invalid request: app.token is required');
    if (typeof user.uid !== 'string' || user.uid === '') return refuse(400, 3001, 'invalid request: user.uid is required');
    if (request.operation !== 'query') return refuse(400, 3001, `invalid request: operation ${request.operation} (HTTP takes query)`);
    if (reqid === '') return refuse(400, 3001, 'invalid request: request.reqid is required');
    if (reqids.has(reqid)) return refuse(400, 3006, 'request already finished: reqid reused');
    reqids.add(reqid);
    if (!voices.has(audio.voice_type)) return refuse(400, 3050, `voice_type ${audio.voice_type} not found`);
    if (!ENCODINGS.has(call.encoding)) return refuse(400, 3001, `invalid request: encoding ${call.encoding}`);
    if (typeof call.speedRatio !== 'number' || call.speedRatio < 0.8 || call.speedRatio > 2) return refuse(400, 3001, 'invalid request: speed_ratio should be in [0.8, 2]');
    if (!RATES.has(call.rate)) return refuse(400, 3001, `invalid request: rate ${call.rate}`);
    if (typeof text !== 'string' || text === '') return refuse(400, 3011, 'illegal input text!');
    if (Buffer.byteLength(text, 'utf8') > 1024) return refuse(400, 3010, 'text too long');
    if (!/[\p{L}\p{N}]/u.test(text)) return refuse(400, 3011, 'illegal input text!');
    if (inFlight >= (options.concurrency ?? 10)) return refuse(429, 3003, 'quota exceeded for types: concurrency');
    inFlight++;
    try {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (call.encoding !== 'wav' && call.encoding !== 'pcm') throw new Error(`the stand-in makes wav and pcm only, not ${call.encoding}`);
      const pcm = speechPcm(text, call.speedRatio, call.rate, [...voices].indexOf(audio.voice_type));
      const bytes = call.encoding === 'wav' ? wavOf(pcm, call.rate) : pcm;
      send(res, 200, {
        reqid,
        code: 3000,
        operation: 'query',
        message: 'Success',
        sequence: -1,
        data: bytes.toString('base64'),
        addition: { duration: String(Math.round((pcm.length / 2 / call.rate) * 1000)) },
      });
    } finally {
      inFlight--;
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, { code: 3031, message: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    token,
    calls,
    scripted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type VolcStandIn = Awaited<ReturnType<typeof startVolcStandIn>>;
