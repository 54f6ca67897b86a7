// A stand-in for Alibaba Cloud SMS (Dysmsapi, version 2017-05-25) `SendSms`, written from Alibaba
// Cloud's public reference ("V3 版本请求体&签名机制", "SendSms", the SMS error codes):
// - RPC style: `POST /` with the parameters (PhoneNumbers, SignName, TemplateCode, TemplateParam)
//   in the query, x-acs-action / x-acs-version / x-acs-date / x-acs-signature-nonce /
//   x-acs-content-sha256 headers;
// - `Authorization: ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=<h1;h2…>,Signature=<hex>`,
//   the signature HMAC-SHA256(AccessKeySecret, "ACS3-HMAC-SHA256\n" + SHA-256(canonical request)),
//   the canonical request: method, path, the query sorted and RFC 3986-encoded, the signed headers
//   (host, content-type and every x-acs-*, lower-cased, sorted), their names, the payload's SHA-256
//   (which must equal x-acs-content-sha256). An unknown key is HTTP 404 InvalidAccessKeyId.NotFound,
//   a bad signature HTTP 400 SignatureDoesNotMatch, a reused nonce HTTP 400
//   SignatureNonceUsed, a date more than 15 minutes off HTTP 400 InvalidTimeStamp.Expired.
// - Business answers are HTTP 200 `{ Code, Message, RequestId, BizId? }`: `OK`, or e.g.
//   `isv.BUSINESS_LIMIT_CONTROL` (触发小时级流控Permits:5) past the per-number hourly limit,
//   `isv.SMS_TEMPLATE_ILLEGAL`, `isv.SMS_SIGNATURE_ILLEGAL`, `isv.MOBILE_NUMBER_ILLEGAL`.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './stand-in-kit';
import type { SentSms } from './tencent-sms';

export interface AliyunSmsStandInOptions {
  accessKeyId?: string;
  accessKeySecret?: string;
  signName?: string;
  templateCode?: string;
  /** Messages per number per hour before isv.BUSINESS_LIMIT_CONTROL (the console's setting). */
  perNumberPerHour?: number;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** RFC 3986 percent-encoding, as the canonical query wants it. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export async function startAliyunSmsStandIn(options: AliyunSmsStandInOptions = {}) {
  const account = {
    accessKeyId: options.accessKeyId ?? `LTAI${randomBytes(10).toString('hex')}`,
    accessKeySecret: options.accessKeySecret ?? randomBytes(15).toString('base64url'),
    signName: options.signName ?? '视频工具',
    templateCode: options.templateCode ?? 'SMS_154950909',
  };
  const perNumberPerHour = options.perNumberPerHour ?? 5;
  const sent: SentSms[] = [];
  const outcomes: string[] = [];
  const nonces = new Set<string>();
  const scripted: { code: string; message: string }[] = [];

  const answer = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    outcomes.push(String(body.Code));
    res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify({ ...body, RequestId: randomUUID().toUpperCase() }));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const header = (name: string) => String(req.headers[name] ?? '');
    if (req.method !== 'POST' || url.pathname !== '/') return answer(res, 404, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found, please check your url and method.' });
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(header('authorization'));
    if (!auth) return answer(res, 400, { Code: 'MissingAuthorization', Message: 'Authorization is mandatory for this action.' });
    const [, accessKeyId, signedHeaders, signature] = auth as unknown as string[];
    if (accessKeyId !== account.accessKeyId) return answer(res, 404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
    const names = signedHeaders!.split(';');
    const required = ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'];
    const unsigned = required.filter((name) => !names.includes(name));
    if (unsigned.length > 0) return answer(res, 400, { Code: 'IncompleteSignature', Message: `The request signature does not conform to Aliyun standards: ${unsigned.join(', ')} not signed.` });
    if (header('x-acs-content-sha256') !== sha256(Buffer.from(raw, 'utf8'))) return answer(res, 400, { Code: 'SignatureDoesNotMatch', Message: 'x-acs-content-sha256 does not match the payload.' });
    const query = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
    const canonicalHeaders = names.map((name) => `${name}:${header(name).trim()}\n`).join('');
    const canonicalRequest = ['POST', '/', query, canonicalHeaders, signedHeaders, header('x-acs-content-sha256')].join('\n');
    const expected = createHmac('sha256', account.accessKeySecret).update(`ACS3-HMAC-SHA256\n${sha256(canonicalRequest)}`).digest('hex');
    if (expected !== signature) return answer(res, 400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature does not match our calculation.' });
    const date = Date.parse(header('x-acs-date'));
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(header('x-acs-date')) || Math.abs(Date.now() - date) > 15 * 60_000) {
      return answer(res, 400, { Code: 'InvalidTimeStamp.Expired', Message: 'Specified time stamp or date value is expired.' });
    }
    if (nonces.has(header('x-acs-signature-nonce'))) return answer(res, 400, { Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' });
    nonces.add(header('x-acs-signature-nonce'));
    if (header('x-acs-action') !== 'SendSms' || header('x-acs-version') !== '2017-05-25') {
      return answer(res, 404, { Code: 'InvalidAction.NotFound', Message: `Specified api ${header('x-acs-action')} (${header('x-acs-version')}) is not found.` });
    }
    const next = scripted.shift();
    if (next) return answer(res, 200, { Code: next.code, Message: next.message });

    const param = (name: string) => url.searchParams.get(name) ?? '';
    if (param('SignName') !== account.signName) return answer(res, 200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '该账号下找不到对应签名' });
    if (param('TemplateCode') !== account.templateCode) return answer(res, 200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板' });
    let templateParam: Record<string, unknown>;
    try {
      templateParam = JSON.parse(param('TemplateParam'));
    } catch {
      return answer(res, 200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
    }
    if (typeof templateParam.code !== 'string') return answer(res, 200, { Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: '模版缺少变量 code' });
    const phones = param('PhoneNumbers').split(',');
    if (phones.length !== 1 || !/^1\d{10}$/.test(phones[0]!)) return answer(res, 200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
    const phone = phones[0]!;
    const now = Date.now();
    if (sent.filter((s) => s.phone === phone && now - s.at < 3600_000).length >= perNumberPerHour) {
      return answer(res, 200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: `触发小时级流控Permits:${perNumberPerHour}` });
    }
    sent.push({ phone, params: [templateParam.code], at: now });
    answer(res, 200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^${randomBytes(4).readUInt32BE()}` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => answer(res, 500, { Code: 'InternalError', Message: e.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ...account,
    sent,
    outcomes,
    scripted,
    lastCode: (phone: string) => sent.filter((s) => s.phone === phone).at(-1)?.params[0],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type AliyunSmsStandIn = Awaited<ReturnType<typeof startAliyunSmsStandIn>>;
