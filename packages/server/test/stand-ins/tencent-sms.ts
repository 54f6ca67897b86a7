// A stand-in for Tencent Cloud SMS, API 3.0 `SendSms` (version 2021-01-11), written from Tencent
// Cloud's public API reference ("签名方法 v3", "SendSms", "错误码"):
// - `POST /` with `Content-Type: application/json` and the common headers X-TC-Action,
//   X-TC-Version, X-TC-Timestamp, X-TC-Region;
// - `Authorization: TC3-HMAC-SHA256 Credential=<SecretId>/<date>/<service>/tc3_request,
//   SignedHeaders=content-type;host, Signature=<hex>`: the canonical request (method, path, query,
//   the signed headers, the body's SHA-256) hashed into the string to sign, signed with the key
//   derived as HMAC("TC3"+SecretKey, date) → service → "tc3_request". A timestamp more than 5
//   minutes off is AuthFailure.SignatureExpire, an unknown SecretId AuthFailure.SecretIdNotFound, a
//   wrong signature AuthFailure.SignatureFailure. The service is `sms`; addressed by IP, the SDK names
//   it after the host's first label (it takes `endpoint.split('.')[0]`), and that is accepted too.
// - Every answer is HTTP 200 with `{ Response: { …, RequestId } }`: `Response.Error { Code, Message }`
//   for a failed request, else `SendStatusSet[]` with each number's `Code` — `Ok`, or e.g.
//   `LimitExceeded.PhoneNumberOneHourLimit` past the per-number hourly limit.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './stand-in-kit';

export interface TencentSmsStandInOptions {
  secretId?: string;
  secretKey?: string;
  sdkAppId?: string;
  signName?: string;
  templateId?: string;
  /** Messages per number per hour before LimitExceeded.PhoneNumberOneHourLimit (the console's setting). */
  perNumberPerHour?: number;
}

export interface SentSms {
  phone: string;
  params: string[];
  at: number;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export async function startTencentSmsStandIn(options: TencentSmsStandInOptions = {}) {
  const account = {
    secretId: options.secretId ?? `AKID${randomBytes(12).toString('hex')}`,
    secretKey: options.secretKey ?? randomBytes(16).toString('hex'),
    sdkAppId: options.sdkAppId ?? '1400006666',
    signName: options.signName ?? '视频工具',
    templateId: options.templateId ?? '1110',
  };
  const perNumberPerHour = options.perNumberPerHour ?? 5;
  const sent: SentSms[] = [];
  /** Every request's outcome, in order: 'Ok', a number's Code, or Response.Error's Code. */
  const outcomes: string[] = [];
  /** Error codes the next requests answer with (a vendor having a bad minute). */
  const scripted: { code: string; message: string }[] = [];

  const answer = (res: ServerResponse, response: Record<string, unknown>) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ Response: { ...response, RequestId: randomUUID() } }));
  };
  const error = (res: ServerResponse, code: string, message: string) => {
    outcomes.push(code);
    answer(res, { Error: { Code: code, Message: message } });
  };

  /** While set, every request waits for it before it is answered (a vendor that is slow today). */
  let gate: Promise<void> | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    await gate;
    const header = (name: string) => String(req.headers[name] ?? '');
    if (req.method !== 'POST' || req.url !== '/') return error(res, 'UnsupportedOperation', `${req.method} ${req.url} is not supported`);
    const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(header('authorization'));
    if (!auth) return error(res, 'AuthFailure.SignatureFailure', 'The provided credentials could not be validated because of exceeding request size limit or the Authorization header is malformed.');
    const [, secretId, date, service, signedHeaders, signature] = auth as unknown as string[];
    const host = header('host');
    const hostname = host.replace(/:\d+$/, '');
    if (service !== 'sms' && service !== hostname.split('.')[0]) return error(res, 'AuthFailure.InvalidAuthorization', `service ${service} does not match the endpoint`);
    if (secretId !== account.secretId) return error(res, 'AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.');
    const timestamp = Number(header('x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return error(res, 'AuthFailure.SignatureExpire', 'Signature expire. Request timestamp is out of the allowed range.');
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return error(res, 'AuthFailure.SignatureFailure', 'The credential date does not match X-TC-Timestamp.');
    const names = signedHeaders!.split(';');
    if (!names.includes('content-type') || !names.includes('host')) return error(res, 'AuthFailure.SignatureFailure', 'SignedHeaders must include content-type and host.');
    const canonicalHeaders = names.map((name) => `${name}:${(name === 'host' ? hostname : header(name)).trim().toLowerCase()}\n`).join('');
    const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(Buffer.from(raw, 'utf8'))].join('\n');
    const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/${service}/tc3_request`, sha256(canonicalRequest)].join('\n');
    const key = hmac(hmac(hmac(`TC3${account.secretKey}`, date!), service!), 'tc3_request');
    if (createHmac('sha256', key).update(stringToSign).digest('hex') !== signature) {
      return error(res, 'AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
    }
    if (header('x-tc-action') !== 'SendSms') return error(res, 'InvalidAction', `The action ${header('x-tc-action')} is not found.`);
    if (header('x-tc-version') !== '2021-01-11') return error(res, 'NoSuchVersion', `The API version ${header('x-tc-version')} is not found.`);
    if (header('x-tc-region') === '') return error(res, 'MissingParameter', 'The request is missing a required parameter `Region`.');
    if (!header('content-type').startsWith('application/json')) return error(res, 'InvalidParameter', 'Content-Type must be application/json.');
    const next = scripted.shift();
    if (next) return error(res, next.code, next.message);

    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      return error(res, 'InvalidParameter', 'The request body is not JSON.');
    }
    if (body.SmsSdkAppId !== account.sdkAppId) return error(res, 'FailedOperation.TemplateIncorrectOrUnapproved', 'SmsSdkAppId 与模板不匹配。');
    if (body.SignName !== account.signName) return error(res, 'FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误。');
    if (body.TemplateId !== account.templateId) return error(res, 'FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不匹配。');
    if (!Array.isArray(body.TemplateParamSet) || body.TemplateParamSet.length !== 1) return error(res, 'InvalidParameterValue.TemplateParameterFormatError', '验证码模板参数格式错误：模板有 1 个变量。');
    if (!Array.isArray(body.PhoneNumberSet) || body.PhoneNumberSet.length === 0) return error(res, 'MissingParameter', 'PhoneNumberSet is required.');

    const now = Date.now();
    const statuses = body.PhoneNumberSet.map((number: unknown) => {
      const phone = typeof number === 'string' ? number.replace(/^(\+86|0086|86)(?=1\d{10}$)/, '') : '';
      const status = { SerialNo: randomBytes(8).toString('hex'), PhoneNumber: number, Fee: 0, SessionContext: body.SessionContext ?? '', IsoCode: 'CN' };
      if (!/^1\d{10}$/.test(phone)) return { ...status, Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: '手机号格式错误' };
      if (sent.filter((s) => s.phone === phone && now - s.at < 3600_000).length >= perNumberPerHour) {
        return { ...status, Code: 'LimitExceeded.PhoneNumberOneHourLimit', Message: '单个手机号1小时内下发短信条数超过设定的上限' };
      }
      sent.push({ phone, params: body.TemplateParamSet.map(String), at: now });
      return { ...status, Fee: 1, Code: 'Ok', Message: 'send success' };
    });
    for (const status of statuses) outcomes.push(status.Code);
    answer(res, { SendStatusSet: statuses });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => error(res, 'InternalError', e.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ...account,
    sent,
    outcomes,
    scripted,
    /** Holds every request from now until the returned function is called. */
    hold: () => {
      let open = () => {};
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return () => {
        gate = undefined;
        open();
      };
    },
    /** The code last sent to `phone` (the template's one parameter). */
    lastCode: (phone: string) => sent.filter((s) => s.phone === phone).at(-1)?.params[0],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TencentSmsStandIn = Awaited<ReturnType<typeof startTencentSmsStandIn>>;
