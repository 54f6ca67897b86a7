/**
 * Calls whose answer streams as server-sent events (`Accept: text/event-stream`, e.g. AI 帮写). The
 * request layer's axios transport (XMLHttpRequest) cannot hand over a body as it arrives, and
 * EventSource cannot POST: this is fetch with a reader, parsing the events as EventSource would.
 * Refusals before the stream starts come as the API's usual JSON answers and reject as callApi's do.
 */
import { RspCode, type Failure } from '@app/contract';
import { session } from '../session/session-store';
import { apiBaseUrl } from './config';
import { ApiError, RequestError, SIGNED_OUT_RSP_CODE } from './request';

export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * An incremental event-stream parser: feed it text as it arrives, in any pieces; it returns the
 * events completed so far (a blank line ends one; `event:` names it, else "message"; `data:` lines
 * join with newlines; `:` comments are skipped).
 */
export function eventStreamParser(): (text: string) => ServerSentEvent[] {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  return (text) => {
    buffer += text;
    const events: ServerSentEvent[] = [];
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A lone \r at the very end may be the first half of \r\n: wait for the next piece.
      if (buffer[newline] === '\r' && newline === buffer.length - 1) break;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) events.push({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
    return events;
  };
}

const NETWORK_ERROR_TEXT = '网络错误，换个网络试试';

/**
 * POSTs `body` (with the session's token) to `path` asking for an event stream, and calls
 * `onEvent` for each event until the stream ends. Resolves when it ends; rejects with ApiError for a
 * JSON business answer, RequestError for an HTTP error (its `{ msg }`) or a lost connection, and
 * with the signal's AbortError when the caller stops it.
 */
export async function postEventStream(
  path: string,
  body: Record<string, unknown>,
  options: { signal?: AbortSignal; onEvent(event: ServerSentEvent): void },
): Promise<void> {
  const token = session.getToken();
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', platform: 'h5' },
      body: JSON.stringify(token ? { token, ...body } : body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new RequestError(NETWORK_ERROR_TEXT, { errMsg: 'request:fail' });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) {
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok && typeof answer === 'object' && answer !== null && typeof (answer as Failure).rspCode === 'number') {
      const envelope = answer as { rspCode: number; rspMsg: string };
      if (envelope.rspCode === SIGNED_OUT_RSP_CODE) session.clear();
      if (envelope.rspCode !== RspCode.ok) throw new ApiError(envelope as Failure);
    }
    const msg = typeof answer === 'object' && answer !== null ? (answer as { msg?: unknown }).msg : undefined;
    throw new RequestError(typeof msg === 'string' && msg !== '' ? msg : '请求错误', { errMsg: `request:fail ${response.status}`, status: response.status, data: answer });
  }
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const parse = eventStreamParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parse(decoder.decode(value, { stream: true }))) options.onEvent(event);
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new RequestError(NETWORK_ERROR_TEXT, { errMsg: 'request:fail' });
  }
}
