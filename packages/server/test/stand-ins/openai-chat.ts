// A stand-in for an OpenAI-compatible chat-completions service, written from OpenAI's API
// reference (POST {base}/chat/completions; DeepSeek, DashScope's compatible mode and Ark answer the
// same shapes): `Authorization: Bearer` (401 invalid_api_key), the request's model, messages,
// stream, max_tokens and temperature checked, the chat.completion answer, the streamed
// chat.completion.chunk events ending in `data: [DONE]`, `{ error: { message, type, param, code } }`
// errors, 429 with retry-after, 500 server_error, a refusal by moderation (DashScope's 400
// data_inspection_failed), and finish_reason content_filter.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './stand-in-kit';

export interface ChatRequestSeen {
  model: string;
  messages: { role: string; content: string }[];
  stream: boolean;
  maxTokens: number | undefined;
  temperature: number | undefined;
}

export interface OpenAiChatStandInOptions {
  apiKey?: string;
  models?: string[];
  /** Path before /chat/completions (`/v1` as OpenAI and DeepSeek; `/compatible-mode/v1` as DashScope). */
  basePath?: string;
}

type Scripted =
  | { kind: 'status'; status: 429 | 500 | 503; retryAfter?: string }
  | { kind: 'content_filter' }
  /** Stream the first chunks, then hold the connection open until the client goes away. */
  | { kind: 'hang' };

export async function startOpenAiChatStandIn(options: OpenAiChatStandInOptions = {}) {
  const apiKey = options.apiKey ?? 'sk-stand-in-llm';
  const models = new Set(options.models ?? ['stand-in-chat']);
  const basePath = options.basePath ?? '/v1';
  const requests: ChatRequestSeen[] = [];
  const counts = { calls: 0, completed: 0, aborted: 0 };
  const scripted: Scripted[] = [];
  const settings = {
    /** What the "model" writes; by default sentences about the title, as many characters as the prompt asks for (约 N 个字). */
    reply: undefined as string | ((request: ChatRequestSeen) => string) | undefined,
    /** Characters per streamed chunk, and the pause between chunks. */
    chunkChars: 6,
    chunkDelayMs: 0,
    /** How long a whole (not streamed) answer takes to be written. */
    answerDelayMs: 0,
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'x-request-id': `req_${randomUUID().replace(/-/g, '')}`, ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string, type: string, code: string | null, param: string | null = null, headers: Record<string, string> = {}) =>
    send(res, status, { error: { message, type, param, code } }, headers);

  const write = (request: ChatRequestSeen): string => {
    if (typeof settings.reply === 'function') return settings.reply(request);
    if (typeof settings.reply === 'string') return settings.reply;
    const text = request.messages.map((m) => m.content).join('\n');
    const title = /标题：(.+)/.exec(text)?.[1]?.trim() ?? '这条视频';
    const wanted = Number(/约 (\d+) 个字/.exec(text)?.[1] ?? 60);
    const lines = [`${title}来了！`, '跟着镜头慢慢看。', '每一处都有惊喜。', '阳光正好风也轻。', '记录此刻的心情。', '和喜欢的人一起。', '把美好留在这里！', '下次还要再来。'];
    let out = '';
    for (let i = 0; [...out].length < wanted; i++) out += `${lines[i % lines.length]}\n`;
    return out;
  };

  const completion = async (req: IncomingMessage, res: ServerResponse) => {
    counts.calls++;
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      const shown = String(req.headers.authorization ?? '').replace(/^Bearer\s+/, '');
      return error(res, 401, `Incorrect API key provided: ${shown.slice(0, 3)}***${shown.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', 'invalid_api_key');
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) return error(res, 400, 'Invalid content type. Expected application/json.', 'invalid_request_error', null);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return error(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    }
    const model = body.model;
    if (typeof model !== 'string' || model === '') return error(res, 400, "you must provide a model parameter", 'invalid_request_error', null, 'model');
    if (!models.has(model)) return error(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found');
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0) return error(res, 400, "'messages' must contain at least 1 item.", 'invalid_request_error', null, 'messages');
    for (const [i, m] of messages.entries()) {
      const message = m as { role?: unknown; content?: unknown };
      if (!['system', 'user', 'assistant', 'developer'].includes(String(message.role))) return error(res, 400, `Invalid value for 'messages[${i}].role'.`, 'invalid_request_error', 'invalid_value', `messages[${i}].role`);
      if (typeof message.content !== 'string') return error(res, 400, `Invalid type for 'messages[${i}].content'.`, 'invalid_request_error', 'invalid_type', `messages[${i}].content`);
    }
    const maxTokens = body.max_tokens;
    if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || (maxTokens as number) < 1)) return error(res, 400, "Invalid 'max_tokens': integer below minimum value.", 'invalid_request_error', 'integer_below_min_value', 'max_tokens');
    const temperature = body.temperature;
    if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 2)) return error(res, 400, "Invalid 'temperature': must be between 0 and 2.", 'invalid_request_error', 'decimal_above_max_value', 'temperature');
    if (body.stream !== undefined && typeof body.stream !== 'boolean') return error(res, 400, "Invalid type for 'stream'.", 'invalid_request_error', 'invalid_type', 'stream');
    const seen: ChatRequestSeen = {
      model,
      messages: messages as ChatRequestSeen['messages'],
      stream: body.stream === true,
      maxTokens: maxTokens as number | undefined,
      temperature: temperature as number | undefined,
    };
    requests.push(seen);

    const next = scripted.shift();
    if (next?.kind === 'status') {
      if (next.status === 429) {
        return error(res, 429, 'Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.', 'requests', 'rate_limit_exceeded', null, {
          'retry-after': next.retryAfter ?? '1', 'x-ratelimit-limit-requests': '3', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '20s',
        });
      }
      return error(res, next.status, 'The server had an error while processing your request. Sorry about that!', 'server_error', null);
    }
    const prompt = seen.messages.map((m) => m.content).join('\n');
    // DashScope's compatible mode refuses a request its moderation flags before writing anything.
    if (prompt.includes('违禁')) {
      return send(res, 400, {
        error: { message: 'Input data may contain inappropriate content. For details, see: https://help.aliyun.com/zh/model-studio/error-code#inappropriate-content', type: 'data_inspection_failed', param: null, code: 'data_inspection_failed' },
        id: `chatcmpl-${randomUUID()}`, request_id: randomUUID(),
      });
    }
    let text = write(seen);
    let finish: 'stop' | 'length' | 'content_filter' = 'stop';
    // A crude tokenizer: one token a character.
    if (seen.maxTokens !== undefined && [...text].length > seen.maxTokens) {
      text = [...text].slice(0, seen.maxTokens).join('');
      finish = 'length';
    }
    if (next?.kind === 'content_filter') {
      text = [...text].slice(0, 8).join('');
      finish = 'content_filter';
    }
    const id = `chatcmpl-${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = { prompt_tokens: [...prompt].length, completion_tokens: [...text].length, total_tokens: [...prompt].length + [...text].length };

    if (!seen.stream) {
      if (settings.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.answerDelayMs));
      if (res.destroyed) return void counts.aborted++;
      counts.completed++;
      return send(res, 200, {
        id, object: 'chat.completion', created, model, system_fingerprint: null,
        choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: finish }],
        usage,
      });
    }

    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    let closed = false;
    res.on('close', () => {
      if (!res.writableEnded) {
        closed = true;
        counts.aborted++;
      }
    });
    const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: null, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    const chars = [...text];
    for (let at = 0; at < chars.length; at += settings.chunkChars) {
      if (closed) return;
      if (settings.chunkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.chunkDelayMs));
      if (closed) return;
      res.write(chunk({ content: chars.slice(at, at + settings.chunkChars).join('') }, null));
      if (next?.kind === 'hang' && at + settings.chunkChars >= settings.chunkChars * 2) {
        // Writes no more: the client must go away by itself (its abort).
        return;
      }
    }
    if (closed) return;
    res.write(chunk({}, finish));
    const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
    if (streamOptions?.include_usage) res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`);
    res.end('data: [DONE]\n\n');
    counts.completed++;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    void (async () => {
      if (req.method === 'POST' && url.pathname === `${basePath}/chat/completions`) return completion(req, res);
      return error(res, 404, `Invalid URL (${req.method} ${url.pathname})`, 'invalid_request_error', null);
    })().catch((err: unknown) => {
      if (!res.headersSent) error(res, 500, String(err), 'server_error', null);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The base URL a client is given (LLM_BASE_URL). */
    url: `${origin}${basePath}`,
    apiKey,
    requests,
    counts,
    settings,
    /** The next `n` calls answer this status (after the key and request checks). */
    failNext(n: number, status: 429 | 500 | 503, retryAfter?: string) {
      for (let i = 0; i < n; i++) scripted.push({ kind: 'status', status, retryAfter });
    },
    /** The next call stops its output with finish_reason content_filter after a few characters. */
    filterNext() {
      scripted.push({ kind: 'content_filter' });
    },
    /** The next streamed call sends two chunks, then nothing until the client goes away. */
    hangNext() {
      scripted.push({ kind: 'hang' });
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export type OpenAiChatStandIn = Awaited<ReturnType<typeof startOpenAiChatStandIn>>;
